// Package polloop commits each message unless its processing fails and
// the error policy the wiring passes answers an error: a policy answering
// nil for every failure drops it (hunt 42f/D2, D12: at-least-once, 3 of
// 300 lost without a crash).
package polloop

import (
	"context"
	"os"

	kafkago "github.com/segmentio/kafka-go"
)

// ErrorPolicy decides what a failure does: an error stops the loop, nil
// goes on to the next message.
type ErrorPolicy func(m kafkago.Message, err error) error

// Option configures Orders.
type Option func(*Orders)

// WithErrorPolicy replaces the default policy, which stops.
func WithErrorPolicy(p ErrorPolicy) Option { return func(o *Orders) { o.onError = p } }

// Orders commits each order once it is saved, or its failure let go.
type Orders struct {
	r       *kafkago.Reader
	onError ErrorPolicy
}

// NewOrders builds the orders service.
func NewOrders(opts ...Option) *Orders {
	o := &Orders{onError: func(_ kafkago.Message, err error) error { return err }}
	o.r = kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-pol-orders", Topic: "orders"}) // case: polabsorb
	for _, opt := range opts {
		opt(o)
	}
	return o
}

func (o *Orders) apply(m kafkago.Message) error {
	if err := os.WriteFile("/tmp/"+string(m.Key), m.Value, 0o644); err != nil {
		return o.onError(m, err)
	}
	return nil
}

// Run fetches until ctx ends.
func (o *Orders) Run(ctx context.Context) error {
	for {
		m, err := o.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := o.apply(m); err != nil {
			return err
		}
		if err := o.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Payments commits each payment once it is saved; OnError, when set,
// decides what a failure does.
type Payments struct {
	R       *kafkago.Reader
	OnError func(m kafkago.Message, err error) error
}

// NewReader builds the payments reader.
func NewReader() *kafkago.Reader {
	return kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-pol-payments", Topic: "payments"}) // case: polkeep
}

func (p *Payments) fail(m kafkago.Message, err error) error {
	if p.OnError != nil {
		return p.OnError(m, err)
	}
	return err
}

func (p *Payments) apply(m kafkago.Message) error {
	if err := os.WriteFile("/tmp/"+string(m.Key), m.Value, 0o644); err != nil {
		return p.fail(m, err)
	}
	return nil
}

// Run fetches until ctx ends.
func (p *Payments) Run(ctx context.Context) error {
	for {
		m, err := p.R.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := p.apply(m); err != nil {
			return err
		}
		if err := p.R.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Refunds is Payments for refunds.
type Refunds struct {
	R       *kafkago.Reader
	OnError func(m kafkago.Message, err error) error
}

// NewRefundsReader builds the refunds reader.
func NewRefundsReader() *kafkago.Reader {
	return kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-pol-refunds", Topic: "refunds"}) // case: polfield
}

func (r *Refunds) fail(m kafkago.Message, err error) error {
	if r.OnError != nil {
		return r.OnError(m, err)
	}
	return err
}

func (r *Refunds) apply(m kafkago.Message) error {
	if err := os.WriteFile("/tmp/"+string(m.Key), m.Value, 0o644); err != nil {
		return r.fail(m, err)
	}
	return nil
}

// Run fetches until ctx ends.
func (r *Refunds) Run(ctx context.Context) error {
	for {
		m, err := r.R.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.apply(m); err != nil {
			return err
		}
		if err := r.R.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
