// Package handlerwrap is a consumer wrapper that commits each message
// as soon as the handler it is given returns (its ConsumeEvents carries a
// commitsAfterHandler fact); ordering/handlerqueue passes it handlers.
package handlerwrap

import (
	"context"
	"encoding/json"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

type Event struct{ ID, Type string }

type Consumer struct{ r *kafkago.Reader }

func New(brokers []string, topic, group string) *Consumer {
	return &Consumer{r: kafkago.NewReader(kafkago.ReaderConfig{Brokers: brokers, Topic: topic, GroupID: group})}
}

type fieldsKey struct{}

// withFields returns ctx carrying the message's fields for log lines.
func withFields(ctx context.Context, m kafkago.Message, ev Event) context.Context {
	return context.WithValue(ctx, fieldsKey{}, []any{ev.Type, m.Partition, m.Offset})
}

// ConsumeEvents commits each message after the handler returns nil.
func (c *Consumer) ConsumeEvents(ctx context.Context, handler func(context.Context, Event) error) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev Event
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			continue
		}
		msgCtx := withFields(ctx, m, ev)
		if err := handler(msgCtx, ev); err != nil {
			continue
		}
		if err := c.r.CommitMessages(ctx, m); err != nil { // ok: after the handler, which the package does not see
			log.Printf("commit: %v", err)
		}
	}
}
