// Package committerseam commits through an interface of its own holding
// only the client's commit, given by the caller: the client's
// CommitRecords in production.
package committerseam

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Committer is the part of the client the service commits with.
type Committer interface {
	CommitRecords(ctx context.Context, rs ...*kgo.Record) error
}

// Handler applies a record.
type Handler interface {
	Handle(ctx context.Context, r *kgo.Record) error
}

// Service polls with the client and commits through the Committer.
type Service struct {
	cl  *kgo.Client
	com Committer
	h   Handler
}

// New keeps what the caller gives (the client twice, as a poller and as
// a Committer).
func New(cl *kgo.Client, com Committer, h Handler) *Service {
	return &Service{cl: cl, com: com, h: h}
}

// ack commits the record.
func (s *Service) ack(ctx context.Context, r *kgo.Record) error {
	return s.com.CommitRecords(ctx, r)
}

// Run acks each record before handling it.
func (s *Service) Run(ctx context.Context) error {
	for {
		fs := s.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := s.ack(ctx, r); err != nil { // want `call to ack \(CommitRecords\) before the record is processed`
				return err
			}
			if err := s.h.Handle(ctx, r); err != nil {
				return err
			}
		}
	}
}

// RunAfter acks each record once handled.
func (s *Service) RunAfter(ctx context.Context) error {
	for {
		fs := s.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := s.h.Handle(ctx, r); err != nil {
				return err
			}
			if err := s.com.CommitRecords(ctx, r); err != nil { // ok: after the processing
				return err
			}
		}
	}
}
