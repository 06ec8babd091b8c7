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
