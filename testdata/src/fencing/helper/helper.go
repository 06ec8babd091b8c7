// Package helper is a library the scenarios call: its functions are not
// visible to the analysis of their callers.
package helper

import (
	"context"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Flush commits what the client polled.
func Flush(ctx context.Context, cl *kgo.Client) error {
	return cl.CommitUncommittedOffsets(ctx)
}

// CommitStored commits a confluent consumer's stored offsets.
func CommitStored(c *kafka.Consumer) error {
	_, err := c.Commit()
	return err
}

// Consume polls the client until it is closed, applies each record, and
// commits each poll once it is applied.
func Consume(ctx context.Context, cl *kgo.Client, apply func(*kgo.Record)) error {
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(apply)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// ConsumeBlocked is Consume for a client with BlockRebalanceOnPoll: it
// allows rebalances between a poll's processing and the next poll.
func ConsumeBlocked(ctx context.Context, cl *kgo.Client, apply func(*kgo.Record)) error {
	for {
		cl.AllowRebalance()
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(apply)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
