// Package decodeloop commits each message after a helper method decodes
// it into a local and gives it to the handler its caller supplies (trial
// 32b/2: the local a decoder fills was not taken for the record, and the
// row said at-least-once for a handler that only queues).
package decodeloop

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

type Edit struct{ Title string }

type MessageHandler interface {
	ProcessEdit(ctx context.Context, e *Edit) error
}

type Consumer struct {
	r *kafka.Reader
	h MessageHandler
}

func New(group string, h MessageHandler) *Consumer {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, Topic: "edits", GroupID: group}) // case: decodeloop
	return &Consumer{r: r, h: h}
}

func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.process(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func (c *Consumer) process(ctx context.Context, m kafka.Message) error {
	var e Edit
	if err := json.Unmarshal(m.Value, &e); err != nil {
		return err
	}
	return c.h.ProcessEdit(ctx, &e)
}
