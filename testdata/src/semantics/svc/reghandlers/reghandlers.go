// Package reghandlers holds the handlers regwire registers.
package reghandlers

import (
	"context"
	"os"

	kafkago "github.com/segmentio/kafka-go"
)

// Orders forwards each order in a goroutine and returns.
type Orders struct{ Dir string }

// Handle starts the forward and returns nil at once.
func (o *Orders) Handle(ctx context.Context, m kafkago.Message) error {
	go func() { _ = os.WriteFile(o.Dir+"/"+string(m.Key), m.Value, 0o644) }()
	return nil
}

// Payments writes each payment before it returns.
type Payments struct{ Dir string }

// Handle writes the payment.
func (p *Payments) Handle(ctx context.Context, m kafkago.Message) error {
	return os.WriteFile(p.Dir+"/"+string(m.Key), m.Value, 0o644)
}
