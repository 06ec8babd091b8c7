// Package ingest polls a franz-go client it is given and commits each
// batch after processing it.
package ingest

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

func apply(*kgo.Record) error { return nil }

type Service struct{ cl *kgo.Client }

func New(cl *kgo.Client) *Service { return &Service{cl: cl} }

func (s *Service) Run(ctx context.Context) error {
	for {
		fetches := s.cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) { _ = apply(r) })
		if err := s.cl.CommitRecords(ctx, fetches.Records()...); err != nil {
			return err
		}
	}
}
