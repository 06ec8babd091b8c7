// Package bindloop polls with franz-go's default auto-commit and gives
// each record to an interface's method value (EachRecord(s.sub.Submit)),
// wired with package bindwork's submitters (audit 31c/2: the row said
// at-least-once and concurrency none for the pool).
package bindloop

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/bindwork"
)

// Submitter takes each record.
type Submitter interface{ Submit(r *kgo.Record) }

// Service polls and submits.
type Service struct {
	cl  *kgo.Client
	sub Submitter
}

// Run polls until ctx is done.
func (s *Service) Run(ctx context.Context) {
	for ctx.Err() == nil {
		s.cl.PollFetches(ctx).EachRecord(s.sub.Submit)
	}
}

// Queue wires the loop with a pool that queues the records.
func Queue(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-bindqueue"), kgo.ConsumeTopics("t-bindqueue")) // case: bindqueue
	(&Service{cl: cl, sub: bindwork.NewPool(4)}).Run(ctx)
}

// Mirror is the same loop, its own type: a field takes what every
// wiring of its type stores.
type Mirror struct {
	cl  *kgo.Client
	sub Submitter
}

// Run polls until ctx is done.
func (m *Mirror) Run(ctx context.Context) {
	for ctx.Err() == nil {
		m.cl.PollFetches(ctx).EachRecord(m.sub.Submit)
	}
}

// File wires it with a submitter that writes each record before it
// returns.
func File(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-bindfile"), kgo.ConsumeTopics("t-bindfile")) // case: bindfile
	(&Mirror{cl: cl, sub: &bindwork.File{Path: "last"}}).Run(ctx)
}
