// Package mailer is another service's binary, built with the same
// library: it marks each record before sending it.
package mailer

import (
	"bytes"
	"context"
	"net/http"

	"github.com/twmb/franz-go/pkg/kgo"

	"report/sharedctor/kafkalib"
)

func Run(ctx context.Context) error {
	cl, err := kafkalib.NewConsumer("mailer", "emails")
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			cl.MarkCommitRecords(r)
			resp, err := http.Post("http://mail/send", "application/json", bytes.NewReader(r.Value))
			if err == nil {
				resp.Body.Close()
			}
		})
	}
	return ctx.Err()
}
