// Package kwrap wraps a kafka-go reader for the rest of the service: its
// exported methods fetch and commit, and their callers (in other packages)
// decide what is processed in between.
package kwrap

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"
)

// Consumer is the wrapper the service uses.
type Consumer struct{ r *kafkago.Reader }

// New builds the wrapped reader.
func New() *Consumer {
	return &Consumer{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-kwrap", Topic: "t-kwrap"})} // case: kwrap
}

// Fetch returns the next message.
func (c *Consumer) Fetch(ctx context.Context) (kafkago.Message, error) { return c.r.FetchMessage(ctx) }

// Commit commits the messages its caller passes.
func (c *Consumer) Commit(ctx context.Context, msgs ...kafkago.Message) error {
	return c.r.CommitMessages(ctx, msgs...)
}
