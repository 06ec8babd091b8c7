package hardfix

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Indexer is a franz-go service whose poll loop starts with a non-blocking
// check of an error channel made elsewhere, with room unknown here.
type Indexer struct {
	cl   *kgo.Client
	errs chan error
}

// Run commits each record from its own goroutine, which reports failures
// on the loop's channel; the loop logs them and goes on. Run in place, a
// failure would wait for the loop when the channel has no room (and made
// not to wait, it would be dropped when the channel has none at all): the
// fix runs each record in place and sends each failure from a goroutine
// of its own. (A loop that returns the failure gets no such fix:
// TestStoppingLoopNoFix.)
func (ix *Indexer) Run(ctx context.Context) error {
	for {
		select {
		case err := <-ix.errs:
			log.Printf("index: %v", err)
		default:
		}
		fetches := ix.cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			go func() {
				if err := process(ctx, r); err != nil {
					ix.errs <- err
					return
				}
				if err := ix.cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords from a per-record goroutine`
					ix.errs <- err
				}
			}()
		})
	}
}

// RunInPlace is Run's twin: each record is processed and committed in
// place, and a failure ends the loop.
func (ix *Indexer) RunInPlace(ctx context.Context) error {
	for {
		fetches := ix.cl.PollFetches(ctx)
		var err error
		fetches.EachRecord(func(r *kgo.Record) {
			if err != nil {
				return
			}
			if err = process(ctx, r); err != nil {
				return
			}
			err = ix.cl.CommitRecords(ctx, r) // ok: processed and committed in place, in order
		})
		if err != nil {
			return err
		}
	}
}
