// Package disploop runs consumers whose records go through a registry
// of another package.
package disploop

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/dispreg"
)

// Service commits each poll once every record is dispatched.
type Service struct {
	cl  *kgo.Client
	reg *dispreg.Registry
}

// Router commits each poll once every record is routed.
type Router struct {
	cl    *kgo.Client
	table *dispreg.Table
}

// NewAudit builds the audit consumer.
func NewAudit(reg *dispreg.Registry) *Service {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-disp-audit"), kgo.ConsumeTopics("audit"), kgo.DisableAutoCommit()) // case: dispaudit
	return &Service{cl: cl, reg: reg}
}

// NewLedger builds the ledger consumer.
func NewLedger(table *dispreg.Table) *Router {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-disp-ledger"), kgo.ConsumeTopics("ledger"), kgo.DisableAutoCommit()) // case: displedger
	return &Router{cl: cl, table: table}
}

// Run polls, routes and commits until ctx ends.
func (s *Router) Run(ctx context.Context) error {
	for {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := s.table.Route(ctx, r.Topic, r.Value); err != nil {
				return err
			}
		}
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// Run polls, dispatches and commits until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	for {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := s.reg.Dispatch(ctx, r.Topic, r.Key, r.Value); err != nil {
				return err
			}
		}
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
