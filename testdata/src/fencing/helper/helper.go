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
