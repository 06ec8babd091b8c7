// Package ctorloop commits each message once the saver its caller
// passes returns.
package ctorloop

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"

	"semantics/svc/ctorsave"
)

// Orders saves orders.
type Orders struct {
	r *kafkago.Reader
	s ctorsave.Saver
}

// NewOrders builds the orders consumer.
func NewOrders(s ctorsave.Saver) *Orders {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-ctor-orders", Topic: "orders"}) // case: ctorsync
	return &Orders{r: r, s: s}
}

// Run fetches until ctx ends.
func (o *Orders) Run(ctx context.Context) error {
	for {
		m, err := o.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := o.s.Save(m.Value); err != nil {
			return err
		}
		if err := o.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Events saves events.
type Events struct {
	r *kafkago.Reader
	s ctorsave.Saver
}

// NewEvents builds the events consumer.
func NewEvents(s ctorsave.Saver) *Events {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-ctor-events", Topic: "events"}) // case: ctorqueued
	return &Events{r: r, s: s}
}

// Run fetches until ctx ends.
func (e *Events) Run(ctx context.Context) error {
	for {
		m, err := e.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := e.s.Save(m.Value); err != nil {
			return err
		}
		if err := e.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
