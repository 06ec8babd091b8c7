// Package handler holds the handlers the wiring gives the framework.
package handler

import (
	"context"
	"log"
	"os"

	"github.com/IBM/sarama"
)

// Projector writes a copy of each message's value in a goroutine.
type Projector struct{ Dir string } // want Projector:`queueingResult\(\*handler.Projector: Handle\[1\]\)`

// NewProjector builds a projector.
func NewProjector(dir string) *Projector { return &Projector{Dir: dir} }

// Handle projects in the background and returns.
func (p *Projector) Handle(ctx context.Context, m *sarama.ConsumerMessage) error {
	v := append([]byte(nil), m.Value...)
	go func() {
		if err := os.WriteFile(p.Dir+"/last", v, 0o644); err != nil {
			log.Printf("project: %v", err)
		}
	}()
	return nil
}

// Writer writes each message's value before it returns.
type Writer struct{ Dir string }

// NewWriter builds a writer.
func NewWriter(dir string) *Writer { return &Writer{Dir: dir} }

// Handle writes the value.
func (w *Writer) Handle(ctx context.Context, m *sarama.ConsumerMessage) error {
	v := append([]byte(nil), m.Value...)
	return os.WriteFile(w.Dir+"/last", v, 0o644)
}

// Waiter writes in a goroutine it waits for through a helper.
type Waiter struct{ Dir string }

// NewWaiter builds a waiter.
func NewWaiter(dir string) *Waiter { return &Waiter{Dir: dir} }

// Handle writes the value in a goroutine and waits for its answer
// (review 40-2/D1: taken for a hand-off; its fix hung on the send).
func (w *Waiter) Handle(ctx context.Context, m *sarama.ConsumerMessage) error {
	v := append([]byte(nil), m.Value...)
	done := make(chan error)
	go func() { done <- os.WriteFile(w.Dir+"/last", v, 0o644) }()
	return wait(ctx, done)
}

func wait(ctx context.Context, done chan error) error {
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
