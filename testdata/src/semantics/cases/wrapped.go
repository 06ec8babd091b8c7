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

type boolSub struct {
	r *kafkago.Reader
}

// handle commits the message once it is applied, and returns early on a
// failure, reporting it in a bool its caller drops: the next message's
// commit passes the failed one.
func (s *boolSub) handle(ctx context.Context, m kafkago.Message) bool {
	if err := apply(m); err != nil {
		log.Printf("apply: %v", err)
		return true
	}
	if err := s.r.CommitMessages(ctx, m); err != nil {
		return true
	}
	return false
}

func runBoolSub(ctx context.Context) {
	s := &boolSub{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-boolsub", Topic: "t"})} // case: boolhelper
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		s.handle(ctx, m)
	}
}

var _ = runBoolSub

// ErrorObserver is told about a message whose processing failed.
type ErrorObserver func(ctx context.Context, m kafkago.Message, err error)

// RunObserved stops on a failed message after telling the observer its
// caller passed: nothing commits after that call, so what the observer
// does cannot let a position pass the message.
func RunObserved(ctx context.Context, onError ErrorObserver) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-observed", Topic: "t"}) // case: errobserver
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(m); err != nil {
			onError(ctx, m, err)
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
