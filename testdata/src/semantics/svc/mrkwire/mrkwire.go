// Package mrkwire builds the client and runs mrklib with mrkhouse's
// flusher.
package mrkwire

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/mrkhouse"
	"semantics/svc/mrklib"
)

// Run starts the consumer.
func Run(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-mrk"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: mrkflushed
	if err != nil {
		return err
	}
	s := mrklib.New(cl)
	go mrkhouse.Flusher(ctx, s)
	return s.Run(ctx)
}
