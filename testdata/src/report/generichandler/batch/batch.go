// Package batch holds a sarama group handler generic in the event it
// decodes, which services of other packages instantiate for their topics
// (the geektime webook course's saramax.BatchHandler shape).
package batch

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/IBM/sarama"
)

// Handler decodes up to size messages, or what a second brings, hands
// them to fn, then marks them.
type Handler[T any] struct {
	fn   func(msgs []*sarama.ConsumerMessage, evs []T) error
	size int
}

// New returns a handler of batches of ten.
func New[T any](fn func(msgs []*sarama.ConsumerMessage, evs []T) error) *Handler[T] {
	return &Handler[T]{fn: fn, size: 10}
}

func (h *Handler[T]) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Handler[T]) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *Handler[T]) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		msgs := make([]*sarama.ConsumerMessage, 0, h.size)
		evs := make([]T, 0, h.size)
		done := false
		for i := 0; i < h.size && !done; i++ {
			select {
			case <-ctx.Done():
				done = true
			case m, ok := <-claim.Messages():
				if !ok {
					cancel()
					return nil
				}
				var ev T
				if err := json.Unmarshal(m.Value, &ev); err != nil {
					continue
				}
				msgs = append(msgs, m)
				evs = append(evs, ev)
			}
		}
		cancel()
		if len(msgs) == 0 {
			continue
		}
		if err := h.fn(msgs, evs); err != nil {
			log.Printf("batch: %v", err)
		}
		for _, m := range msgs {
			sess.MarkMessage(m, "")
		}
	}
}
