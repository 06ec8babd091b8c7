package cases

import (
	"context"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

// Event is what a transport hands its subscribers.
type Event interface {
	Body() []byte
}

// EventHandler is a subscriber the transport's caller supplies.
type EventHandler func(ctx context.Context, e Event) error

type wrappedEvent struct{ m kafkago.Message }

func (w *wrappedEvent) Body() []byte { return w.m.Value }

// newWrappedEvent wraps a message in the transport's Event.
func newWrappedEvent(m kafkago.Message) *wrappedEvent { return &wrappedEvent{m: m} }

// SubscribeWrapped hands each message, wrapped by a constructor, to the
// caller's handler and commits it once the handler returns: the handler
// may queue it and return, as a literal wrapping would (not at-least-once).
func SubscribeWrapped(ctx context.Context, h EventHandler) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-wrapped", Topic: "t"}) // case: wrappedhandler
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := h(ctx, newWrappedEvent(m)); err != nil {
			log.Printf("handle: %v", err)
			return
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}
