package cases

import (
	"context"
	"encoding/json"
	"log"

	"github.com/IBM/sarama"
)

// eventHandler is a group handler generic in the event it decodes, as
// services share one for every topic: each message is decoded and given
// to fn, then marked.
type eventHandler[T any] struct {
	fn func(T) error
}

func (h *eventHandler[T]) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *eventHandler[T]) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *eventHandler[T]) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var ev T
		if err := json.Unmarshal(msg.Value, &ev); err != nil {
			return err
		}
		if err := h.fn(ev); err != nil {
			log.Printf("event at %d: %v", msg.Offset, err)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

type readEvent struct{ ID int64 }

// genericHandler runs the generic handler with sarama's defaults: the
// marks follow the processing, and a failed one is marked all the same.
func genericHandler(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-generic", sarama.NewConfig()) // case: generichandler
	if err != nil {
		return err
	}
	h := &eventHandler[readEvent]{fn: func(e readEvent) error { return apply(e) }}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"t-generic"}, h); err != nil {
			return err
		}
	}
	return nil
}

var _ = genericHandler
