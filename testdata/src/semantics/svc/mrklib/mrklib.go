// Package mrklib marks each record after applying it; Flush commits the
// marks, called by housekeeping in another package (review 45-1/D7).
package mrklib

import (
	"context"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Service applies records and marks them.
type Service struct{ cl *kgo.Client }

// New returns a service on cl.
func New(cl *kgo.Client) *Service { return &Service{cl: cl} }

// Run applies and marks records until ctx ends or one fails.
func (s *Service) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := os.WriteFile("/tmp/"+string(r.Key), r.Value, 0o600); err != nil {
				return err
			}
			s.cl.MarkCommitRecords(r)
		}
	}
	return nil
}

// Flush commits what Run marked.
func (s *Service) Flush(ctx context.Context) error {
	return s.cl.CommitMarkedOffsets(ctx)
}
