// Package indexer indexes orders from a franz-go client it is given. Its
// loop starts with a non-blocking check of an error channel, then hands
// each record to a goroutine that commits it once saved.
//
// BUG (hiwater concurrent-commit): the goroutines finish out of order, and
// CommitRecords is last-write-wins: a higher offset is committed while
// lower records are still being saved (a crash loses them), and a lower
// one moves the committed offset back (replays).
package indexer

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/offsetcommit/commitlint/examples/service/internal/store"
)

// Indexer polls cl and saves through st.
type Indexer struct {
	cl   *kgo.Client
	st   *store.Store
	errs chan error
}

// New returns an indexer of the records cl polls.
func New(cl *kgo.Client, st *store.Store) *Indexer {
	return &Indexer{cl: cl, st: st, errs: make(chan error, 1)}
}

// Run polls until ctx ends or a save fails.
func (ix *Indexer) Run(ctx context.Context) error {
	for {
		select {
		case err := <-ix.errs:
			return err
		default:
		}
		fetches := ix.cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			go func() {
				if err := ix.st.Save(ctx, r.Value); err != nil {
					ix.errs <- err
					return
				}
				if err := ix.cl.CommitRecords(ctx, r); err != nil { // finding: hiwater concurrent-commit
					ix.errs <- err
				}
			}()
		})
	}
}
