// Package swkit applies payloads for swloop's consumers: Quiet logs a
// failed write and returns nil, Counted counts and logs the failure of
// the applier it wraps and returns nil, Strict returns the failure, and
// Policy retries until its attempts are spent, then gives up quietly
// (audit 37b/D1, D3: the rows said at-least-once).
package swkit

import (
	"context"
	"log"
	"os"
	"sync/atomic"
	"time"
)

// Applier applies one payload.
type Applier interface {
	Apply(ctx context.Context, key, value []byte) error
}

// Quiet writes payloads, logging a failure.
type Quiet struct{ Dir string }

// Apply implements Applier.
func (q *Quiet) Apply(_ context.Context, key, value []byte) error {
	if err := os.WriteFile(q.Dir+"/"+string(key), value, 0o644); err != nil {
		log.Printf("apply %s: %v", key, err)
	}
	return nil
}

// Counted counts the failures of Next.
type Counted struct {
	Next     Applier
	Failures atomic.Int64
}

// Apply implements Applier.
func (c *Counted) Apply(ctx context.Context, key, value []byte) error {
	if err := c.Next.Apply(ctx, key, value); err != nil {
		c.Failures.Add(1)
		log.Printf("apply %s: %v", key, err)
	}
	return nil
}

// Strict writes payloads, failing with the write.
type Strict struct{ Dir string }

// Apply implements Applier.
func (s *Strict) Apply(_ context.Context, key, value []byte) error {
	if err := os.WriteFile(s.Dir+"/"+string(key), value, 0o644); err != nil {
		log.Printf("apply %s: %v", key, err)
		return err
	}
	return nil
}

// Policy retries op.
type Policy struct {
	Attempts int
	Backoff  time.Duration
}

// Do runs op until it succeeds, the context is done or the attempts are
// spent; then it logs and gives up.
func (p Policy) Do(ctx context.Context, op func() error) error {
	var err error
	for i := 0; i < p.Attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(p.Backoff):
		}
	}
	log.Printf("giving up: %v", err)
	return nil
}

// Breaker tolerates failures below its threshold: it logs one and
// returns nil (hunt 42f/D3).
type Breaker struct{ fails, Threshold int }

// Do runs op.
func (b *Breaker) Do(op func() error) error {
	err := op()
	if err == nil {
		b.fails = 0
		return nil
	}
	b.fails++
	if b.fails >= b.Threshold {
		b.fails = 0
		return err
	}
	log.Printf("tolerated: %v", err)
	return nil
}

// Tripping counts failures to open, and returns each.
type Tripping struct{ fails, Threshold int }

// Do runs op.
func (t *Tripping) Do(op func() error) error {
	err := op()
	if err == nil {
		t.fails = 0
		return nil
	}
	t.fails++
	if t.fails >= t.Threshold {
		log.Printf("open")
	}
	return err
}

// Handler handles one value, for the middlewares below.
type Handler[T any] func(ctx context.Context, v T) error

// Middleware wraps a Handler.
type Middleware[T any] func(next Handler[T]) Handler[T]

// Chain wraps h with mws, the first outermost.
func Chain[T any](h Handler[T], mws ...Middleware[T]) Handler[T] {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// Retry retries the handler it wraps, then logs and gives up quietly
// (hunt 42f/D1).
func Retry[T any](attempts int) Middleware[T] {
	return func(next Handler[T]) Handler[T] {
		return func(ctx context.Context, v T) error {
			var err error
			for i := 0; i < attempts; i++ {
				if err = next(ctx, v); err == nil {
					return nil
				}
			}
			log.Printf("giving up: %v", err)
			return nil
		}
	}
}

// Logged logs a failure of the handler it wraps and returns it.
func Logged[T any]() Middleware[T] {
	return func(next Handler[T]) Handler[T] {
		return func(ctx context.Context, v T) error {
			err := next(ctx, v)
			if err != nil {
				log.Printf("failed: %v", err)
			}
			return err
		}
	}
}

// Tally counts and logs a failed write, returning nil; its callers may
// read Failed (review 43-2/D8, 43-3/D7).
type Tally struct{ Failed int }

// Apply implements Applier.
func (t *Tally) Apply(_ context.Context, key, value []byte) error {
	if err := os.WriteFile("/tmp/"+string(key), value, 0o644); err != nil {
		t.Failed++
		log.Printf("apply %s: %v", key, err)
	}
	return nil
}
