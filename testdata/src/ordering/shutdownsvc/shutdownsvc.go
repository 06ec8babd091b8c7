// Package shutdownsvc is a service given the client main builds, whose
// loop defers a helper committing everything polled (hunt 44f/D1: 146
// of 300 lost at three failed writes): the helper's commit runs on the
// failure's return too, past the poll it abandoned.
package shutdownsvc

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Service books the records main's client polls.
type Service struct{ cl *kgo.Client }

// New keeps cl.
func New(cl *kgo.Client) *Service { return &Service{cl: cl} }

// Run polls and books until a record fails.
func (s *Service) Run(ctx context.Context) error {
	defer s.flushOffsets()
	for {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := os.WriteFile("/tmp/"+string(r.Key), r.Value, 0o644); err != nil {
				return fmt.Errorf("book: %w", err)
			}
		}
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// flushOffsets keeps the progress when the loop stops.
func (s *Service) flushOffsets() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.cl.CommitUncommittedOffsets(ctx); err != nil { // want `deferred call to CommitUncommittedOffsets commits every record polled when Run returns, and Run can return with a poll half processed`
		log.Printf("final commit: %v", err)
	}
}

// Clean is Service flushing only on a clean stop.
type Clean struct{ cl *kgo.Client }

// NewClean keeps cl.
func NewClean(cl *kgo.Client) *Clean { return &Clean{cl: cl} }

// Run polls and books until a record fails; it flushes when ctx ends.
func (s *Clean) Run(ctx context.Context) (err error) {
	defer func() {
		if err == nil {
			s.flush()
		}
	}()
	for {
		fs := s.cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return nil
		}
		for _, r := range fs.Records() {
			if err := os.WriteFile("/tmp/"+string(r.Key), r.Value, 0o644); err != nil {
				return fmt.Errorf("book: %w", err)
			}
		}
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func (s *Clean) flush() {
	if err := s.cl.CommitUncommittedOffsets(context.Background()); err != nil {
		log.Printf("final commit: %v", err)
	}
}
