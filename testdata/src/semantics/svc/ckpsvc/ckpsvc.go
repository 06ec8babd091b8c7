// Package ckpsvc applies records; its Checkpoint commits, called by the
// wiring's ticker (review 45-1/D1).
package ckpsvc

import (
	"context"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Service applies each record of each poll.
type Service struct{ cl *kgo.Client }

// New returns a service on cl.
func New(cl *kgo.Client) *Service { return &Service{cl: cl} }

// Run applies records until one fails.
func (s *Service) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := os.WriteFile("/tmp/"+string(r.Key), r.Value, 0o600); err != nil {
				return err
			}
		}
	}
	return nil
}

// Checkpoint commits everything polled so far.
func (s *Service) Checkpoint(ctx context.Context) error {
	return s.cl.CommitUncommittedOffsets(ctx)
}
