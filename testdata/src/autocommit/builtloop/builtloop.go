// Package builtloop holds the consuming loops of the service: each stores
// or marks what it has processed, which needs the configuration builtcfg
// gives the consumer (the wiring, builtwire, joins the two).
package builtloop

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Run reads until ctx is done and stores each handled message's offset.
func Run(ctx context.Context, c *kafka.Consumer, handle func(*kafka.Message) error) {
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := handle(msg); err != nil {
			log.Printf("handle %v: %v", msg.TopicPartition, err)
			continue
		}
		if _, err := c.StoreMessage(msg); err != nil { // ok: the wiring decides whether stores count
			log.Printf("store offset: %v", err)
		}
	}
}

// Apply polls and marks each applied record.
func Apply(ctx context.Context, cl *kgo.Client, apply func(*kgo.Record) error) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := apply(r); err != nil {
				return err
			}
			cl.MarkCommitRecords(r) // ok: the wiring decides whether marks count
		}
	}
}
