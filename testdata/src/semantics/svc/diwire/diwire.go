// Package diwire runs a kafka-go loop over a handler interface, wired
// with implementations of package effects.
package diwire

import (
	"context"

	"github.com/segmentio/kafka-go"

	"semantics/svc/effects"
)

// Handler is what the loop hands each value to.
type Handler interface{ Handle(v []byte) error }

// runFile, runQueue and runRepo are the same loop, one per wiring.
func runFile(ctx context.Context, r *kafka.Reader, h Handler) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := h.Handle(m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func runQueue(ctx context.Context, r *kafka.Reader, h Handler) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := h.Handle(m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func runRepo(ctx context.Context, r *kafka.Reader, h Handler) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := h.Handle(m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// File runs the loop with a handler that writes before it returns.
func File(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-difile", Topic: "t-difile"}) // case: difile
	return runFile(ctx, r, &effects.File{Path: "last"})
}

// Queue runs it with a handler that queues the value for a worker.
func Queue(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-diqueue", Topic: "t-diqueue"}) // case: diqueue
	return runQueue(ctx, r, &effects.Queue{})
}

// Repo runs it with a handler that writes through an interface.
func Repo(ctx context.Context, s effects.Saver) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-direpo", Topic: "t-direpo"}) // case: direpo
	return runRepo(ctx, r, &effects.Repo{S: s})
}
