// Package mailer is a second service built on kafkax, with a group of its
// own: its handler marks each message before sending it.
package mailer

import (
	"bytes"
	"context"
	"log"
	"net/http"

	"github.com/IBM/sarama"

	"report/callerhandlers/kafkax"
)

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	for m := range c.Messages() {
		s.MarkMessage(m, "")
		resp, err := http.Post("http://mail/send", "application/json", bytes.NewReader(m.Value))
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

func Run(ctx context.Context) {
	g, err := kafkax.NewGroup([]string{"k:9092"}, "mailer")
	if err != nil {
		log.Fatal(err)
	}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"emails"}, handler{}); err != nil {
			log.Print(err)
		}
	}
}
