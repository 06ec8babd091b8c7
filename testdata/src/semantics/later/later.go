// Package later retries a failed record off the poll loop: Scheduler.Later
// schedules it on a timer and returns, Scheduler.Now retries it in place.
package later

import (
	"context"
	"log"
	"time"
)

// Scheduler books a record again after a backoff.
type Scheduler struct {
	Backoff time.Duration
	Book    func(context.Context, []byte) error
}

// Later books v again once the backoff has passed, off the caller's
// goroutine.
func (s *Scheduler) Later(v []byte) {
	time.AfterFunc(s.Backoff, func() {
		if err := s.Book(context.Background(), v); err != nil {
			log.Printf("retry failed: %v", err)
		}
	})
}

// Now books v again after the backoff and returns its failure.
func (s *Scheduler) Now(ctx context.Context, v []byte) error {
	time.Sleep(s.Backoff)
	return s.Book(ctx, v)
}
