// Package fastwire builds its consumers from fastopts and applies each
// record in place.
package fastwire

import (
	"context"
	"os"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/fastopts"
)

// Greedy applies each poll's records in place.
func Greedy(ctx context.Context) error {
	cl, err := kgo.NewClient(fastopts.Greedy("g-greedy", "t-greedy")...) // case: fastgreedy
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := os.WriteFile(string(r.Key), r.Value, 0o644); err != nil {
				return err
			}
		}
	}
}

// Quick stores each message once applied.
func Quick(ctx context.Context) error {
	c, err := kafka.NewConsumer(fastopts.Quick("g-quick")) // case: fastquick
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"t-quick"}, nil); err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := os.WriteFile(string(m.Key), m.Value, 0o644); err != nil {
			return err
		}
		if _, err := c.StoreMessage(m); err != nil {
			return err
		}
	}
	return nil
}
