// Package batched is committerseam with an interface the package's own
// batcher implements: what its calls do is the batcher's business.
package batched

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Handler applies a record.
type Handler interface {
	Handle(ctx context.Context, r *kgo.Record) error
}

// Acker is the client's CommitRecords, implemented by the package's own
// batcher too.
type Acker interface {
	CommitRecords(ctx context.Context, rs ...*kgo.Record) error
}

// batcher collects records and commits them later.
type batcher struct{ pending []*kgo.Record }

func (b *batcher) CommitRecords(_ context.Context, rs ...*kgo.Record) error { // want CommitRecords:`doesNotProcess\[1\]`
	b.pending = append(b.pending, rs...)
	return nil
}

// Batched holds an Acker.
type Batched struct {
	cl *kgo.Client
	a  Acker
	h  Handler
}

// NewBatched keeps the Acker the caller gives.
func NewBatched(cl *kgo.Client, a Acker, h Handler) *Batched { return &Batched{cl: cl, a: a, h: h} }

// Run acks through the Acker before handling.
func (b *Batched) Run(ctx context.Context) error {
	for {
		fs := b.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := b.a.CommitRecords(ctx, r); err != nil { // ok: an interface the package's batcher implements
				return err
			}
			if err := b.h.Handle(ctx, r); err != nil {
				return err
			}
		}
	}
}

var _ Acker = (*batcher)(nil)
