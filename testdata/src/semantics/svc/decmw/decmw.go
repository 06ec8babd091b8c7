// Package decmw decorates handlers.
package decmw

import (
	"context"
	"log"
	"os"
	"sync/atomic"

	kafkago "github.com/segmentio/kafka-go"

	"semantics/svc/decloop"
)

type metrics struct {
	next decloop.Handler
	n    atomic.Int64
}

func (m *metrics) Handle(ctx context.Context, msg kafkago.Message) error {
	m.n.Add(1)
	return m.next.Handle(ctx, msg)
}

// Metrics counts the messages next handles.
func Metrics(next decloop.Handler) decloop.Handler { return &metrics{next: next} }

type logged struct{ next decloop.Handler }

func (l logged) Handle(ctx context.Context, msg kafkago.Message) error {
	err := l.next.Handle(ctx, msg)
	if err != nil {
		log.Printf("handle %d: %v", msg.Offset, err)
	}
	return err
}

// Logged logs what next fails on. (The handlers a decorator wraps are
// taken together across its callers: Metrics wraps an Async too.)
func Logged(next decloop.Handler) decloop.Handler { return logged{next: next} }

type async struct{ next decloop.Handler }

func (a async) Handle(ctx context.Context, msg kafkago.Message) error {
	go func() {
		if err := a.next.Handle(context.Background(), msg); err != nil {
			log.Print(err)
		}
	}()
	return nil
}

// Async runs next in the background.
func Async(next decloop.Handler) decloop.Handler { return async{next: next} }

// File writes each message to a file before it returns.
type File struct{ Dir string }

// Handle writes the message.
func (f File) Handle(ctx context.Context, msg kafkago.Message) error {
	return os.WriteFile(f.Dir+"/"+string(msg.Key), msg.Value, 0o644)
}
