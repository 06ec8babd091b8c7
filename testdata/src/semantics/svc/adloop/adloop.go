// Package adloop polls through an interface of its own, implemented by
// an adapter over *kgo.Client that a third package, adlib, defines
// (review 36-2/D10: the row said at-least-once, concurrency none).
package adloop

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Poller is what the loop needs of the client.
type Poller interface {
	PollFetches(context.Context) kgo.Fetches
}

// Processor is the application's.
type Processor interface {
	Process(ctx context.Context, r *kgo.Record) error
}

// Consumer runs the loop.
type Consumer struct {
	p    Poller
	proc Processor
}

// New returns a consumer polling p.
func New(p Poller, proc Processor) *Consumer { return &Consumer{p: p, proc: proc} }

// Run processes each record in a goroutine that only logs a failure.
func (c *Consumer) Run(ctx context.Context) {
	for ctx.Err() == nil {
		fs := c.p.PollFetches(ctx)
		var wg sync.WaitGroup
		fs.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := c.proc.Process(ctx, r); err != nil {
					log.Printf("process: %v", err)
				}
			}()
		})
		wg.Wait()
	}
}
