// Package franzcommit: franz-go manual commits whose error is discarded,
// beside the ones that return or log it.
package franzcommit

import (
	"context"
	"fmt"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

func process(r *kgo.Record) error { return nil }

func newClient() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("search"), kgo.DisableAutoCommit())
}

// discarded calls CommitRecords as a statement.
func discarded(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		recs := fs.Records()
		for _, r := range recs {
			if err := process(r); err != nil {
				return err
			}
		}
		cl.CommitRecords(ctx, recs...) // want `the error of CommitRecords is discarded: a failed commit, such as one rejected after a rebalance, goes unnoticed`
	}
}

// blank assigns the error to the blank identifier, in a function without
// results: the fix logs and returns, which stops the loop.
func blank(ctx context.Context) {
	cl, err := newClient()
	if err != nil {
		log.Print(err)
		return
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = process(r) })
		_ = cl.CommitUncommittedOffsets(ctx) // want `the error of CommitUncommittedOffsets is discarded`
	}
}

// neverRead assigns the error to a variable that is never read again.
func neverRead(ctx context.Context, cl *kgo.Client) error {
	var err error
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err = process(r); err != nil {
				return err
			}
		}
		err = cl.CommitUncommittedOffsets(ctx) // want `the error of CommitUncommittedOffsets is discarded`
	}
}

// returned is the correct loop.
func returned(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		recs := fs.Records()
		for _, r := range recs {
			if err := process(r); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil { // ok: returned
			return fmt.Errorf("commit: %w", err)
		}
	}
}

// logged logs a failed commit and polls on: the position stays behind
// (replayed, never skipped) and franz-go rejoins by itself after a
// rebalance error, so this is handled (examples/franzgo/manual).
func logged(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		recs := fs.Records()
		for _, r := range recs {
			if err := process(r); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil { // ok: a logged plain commit failure only replays
			log.Printf("commit %d records: %v", len(recs), err)
		}
	}
}

// deferred commits at shutdown and drops the error: a failed final
// commit goes unnoticed (fixed with a deferred closure that logs it).
func deferred(ctx context.Context, cl *kgo.Client) error {
	defer cl.CommitUncommittedOffsets(ctx) // want `the error of CommitUncommittedOffsets is discarded`
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
	}
}

// deferredClosure drops the final commit's error in a deferred closure.
func deferredClosure(ctx context.Context, cl *kgo.Client) error {
	defer func() {
		_ = cl.CommitUncommittedOffsets(ctx) // want `the error of CommitUncommittedOffsets is discarded`
	}()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
	}
}

// deferredLogged logs the final commit's error.
func deferredLogged(ctx context.Context, cl *kgo.Client) error {
	defer func() {
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: logged
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
	}
}

// inClosure discards the error inside a callback that cannot return it:
// the fix logs it.
func inClosure(ctx context.Context, cl *kgo.Client) {
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			_ = process(r)
			cl.CommitRecords(ctx, r) // want `the error of CommitRecords is discarded`
		})
	}
}

// multiResult discards the error in a function whose results do not allow
// returning it alone: the fix logs it.
func multiResult(ctx context.Context, cl *kgo.Client) (int, error) {
	n := 0
	for n < 10 {
		fs := cl.PollFetches(ctx)
		n += len(fs.Records())
		cl.CommitUncommittedOffsets(ctx) // want `the error of CommitUncommittedOffsets is discarded`
	}
	return n, nil
}

// readNextIteration keeps the commit error for the top of the next
// iteration, which returns it.
func readNextIteration(ctx context.Context, cl *kgo.Client) error {
	var err error
	for {
		if err != nil {
			return err
		}
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = process(r) })
		err = cl.CommitUncommittedOffsets(ctx) // ok: read at the top of the next iteration
	}
}

// worker commits from a goroutine fed by the poll loop: the fix logs the
// error (returning would stop the worker and block the loop).
func worker(ctx context.Context, cl *kgo.Client, batches <-chan []*kgo.Record) {
	go func() {
		for recs := range batches {
			cl.CommitRecords(ctx, recs...) // want `the error of CommitRecords is discarded`
		}
	}()
}

// consumerClient is the consumer's own interface (for tests to fake),
// standing for *kgo.Client: its CommitRecords is the client's.
type consumerClient interface {
	PollFetches(ctx context.Context) kgo.Fetches
	CommitRecords(ctx context.Context, rs ...*kgo.Record) error
}

// viaInterface drops the error of a commit made through consumerClient.
func viaInterface(ctx context.Context, cl consumerClient) {
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if process(r) != nil {
				return
			}
			cl.CommitRecords(ctx, r) // want `the error of CommitRecords is discarded`
		})
	}
}
