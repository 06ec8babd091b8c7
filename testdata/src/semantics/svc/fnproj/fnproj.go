// Package fnproj holds the handlers fnstreamwire passes.
package fnproj

import (
	"context"
	"os"

	"semantics/svc/fnstream"
)

// Decode decodes an order.
func Decode(b []byte) (fnstream.Order, error) { return fnstream.Order{ID: string(b)}, nil }

// Projector writes orders to the read model.
type Projector struct{ Dir string }

// Handle projects in the background and returns at once.
func (p *Projector) Handle(ctx context.Context, o fnstream.Order) error {
	go p.project(o)
	return nil
}

func (p *Projector) project(o fnstream.Order) { _ = os.WriteFile(p.Dir+"/"+o.ID, nil, 0o644) }

// Ledger writes payments before it returns.
type Ledger struct{ Dir string }

// Handle writes the payment.
func (l *Ledger) Handle(ctx context.Context, o fnstream.Order) error {
	return os.WriteFile(l.Dir+"/"+o.ID, nil, 0o644)
}
