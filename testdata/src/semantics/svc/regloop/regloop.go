// Package regloop dispatches each message to the handler a registry keyed
// by topic holds; the wiring passes the registry (trial 40b/D10: the
// handlers in the map were never looked at, and a handler starting a
// goroutine made an at-least-once row).
package regloop

import (
	"context"
	"fmt"

	kafkago "github.com/segmentio/kafka-go"
)

// HandlerFunc handles one message.
type HandlerFunc func(ctx context.Context, m kafkago.Message) error

// Service commits each message after its topic's handler returns.
type Service struct {
	r        *kafkago.Reader
	handlers map[string]HandlerFunc
}

// New builds the orders service.
func New(handlers map[string]HandlerFunc) *Service {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-reg-orders", Topic: "orders"}) // case: regasync
	return &Service{r: r, handlers: handlers}
}

// Run fetches until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		h, ok := s.handlers[m.Topic]
		if !ok {
			return fmt.Errorf("no handler for %s", m.Topic)
		}
		if err := h(ctx, m); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Payments is Service for another registry.
type Payments struct {
	r        *kafkago.Reader
	handlers map[string]HandlerFunc
}

// NewPayments builds the payments service.
func NewPayments(handlers map[string]HandlerFunc) *Payments {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-reg-payments", Topic: "payments"}) // case: regsync
	return &Payments{r: r, handlers: handlers}
}

// Run fetches until ctx ends.
func (s *Payments) Run(ctx context.Context) error {
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.handlers[m.Topic](ctx, m); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Bus is Service with handlers registered one by one (review 40-1/D3).
type Bus struct {
	r        *kafkago.Reader
	handlers map[string]HandlerFunc
}

// NewBus builds the events bus.
func NewBus() *Bus {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-reg-bus", Topic: "events"}) // case: regbus
	return &Bus{r: r, handlers: map[string]HandlerFunc{}}
}

// Register sets topic's handler.
func (b *Bus) Register(topic string, h HandlerFunc) { b.handlers[topic] = h }

// Run fetches until ctx ends.
func (b *Bus) Run(ctx context.Context) error {
	for {
		m, err := b.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if h, ok := b.handlers[m.Topic]; ok {
			if err := h(ctx, m); err != nil {
				return err
			}
		}
		if err := b.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Handler handles one message: the registries below hold values of an
// interface type, not functions (review 40-1/D5: at-least-once,
// concurrency none, for one that starts a goroutine).
type Handler interface {
	Handle(ctx context.Context, m kafkago.Message) error
}

// Typed is Service with a registry of Handler values.
type Typed struct {
	r        *kafkago.Reader
	handlers map[string]Handler
}

// NewTyped builds the typed orders service.
func NewTyped(handlers map[string]Handler) *Typed {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-reg-typed", Topic: "orders"}) // case: regifaceasync
	return &Typed{r: r, handlers: handlers}
}

// Run fetches until ctx ends.
func (s *Typed) Run(ctx context.Context) error {
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		h, ok := s.handlers[m.Topic]
		if !ok {
			return fmt.Errorf("no handler for %s", m.Topic)
		}
		if err := h.Handle(ctx, m); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// TypedPayments is Typed for the payments registry.
type TypedPayments struct {
	r        *kafkago.Reader
	handlers map[string]Handler
}

// NewTypedPayments builds the typed payments service.
func NewTypedPayments(handlers map[string]Handler) *TypedPayments {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-reg-typed-payments", Topic: "payments"}) // case: regifacesync
	return &TypedPayments{r: r, handlers: handlers}
}

// Run fetches until ctx ends.
func (s *TypedPayments) Run(ctx context.Context) error {
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.handlers[m.Topic].Handle(ctx, m); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
