// Package decloop commits each message after the handler the wiring
// passes returns; the wiring wraps the handlers in decorators of another
// package (audit 42b/D1: Metrics(Async(h)) was at-least-once, "none").
package decloop

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"
)

// Handler handles one message.
type Handler interface {
	Handle(ctx context.Context, m kafkago.Message) error
}

// Orders commits each order once its handler returns.
type Orders struct {
	r *kafkago.Reader
	h Handler
}

// NewOrders builds the orders service.
func NewOrders(h Handler) *Orders {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-dec-orders", Topic: "orders"}) // case: decasync
	return &Orders{r: r, h: h}
}

// Run fetches until ctx ends.
func (s *Orders) Run(ctx context.Context) error {
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.h.Handle(ctx, m); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Payments is Orders for payments.
type Payments struct {
	r *kafkago.Reader
	h Handler
}

// NewPayments builds the payments service.
func NewPayments(h Handler) *Payments {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-dec-payments", Topic: "payments"}) // case: decsync
	return &Payments{r: r, h: h}
}

// Run fetches until ctx ends.
func (s *Payments) Run(ctx context.Context) error {
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.h.Handle(ctx, m); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
