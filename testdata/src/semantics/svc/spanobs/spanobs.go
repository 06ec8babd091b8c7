// Package spanobs times the work its callers give it: Span runs it in
// place, Later when a goroutine of its own gets to it (review 31-1).
package spanobs

import (
	"context"
	"log"
	"time"
)

// Span runs fn and logs how long it took.
func Span(ctx context.Context, name string, fn func(context.Context) error) error {
	start := time.Now()
	err := fn(ctx)
	log.Printf("%s: %v (%v)", name, time.Since(start), err)
	return err
}

// Later runs fn in a goroutine of its own and logs its failure.
func Later(ctx context.Context, name string, fn func(context.Context) error) {
	go func() {
		if err := fn(ctx); err != nil {
			log.Printf("%s: %v", name, err)
		}
	}()
}

// Timed runs fn in place and logs its failure: it returns none.
func Timed(ctx context.Context, name string, fn func(context.Context) error) {
	start := time.Now()
	if err := fn(ctx); err != nil {
		log.Printf("%s: %v (%v)", name, err, time.Since(start))
	}
}
