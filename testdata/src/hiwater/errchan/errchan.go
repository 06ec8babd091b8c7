// Package errchan holds hiwater cases for goroutines per record that
// report failures on a channel the poll loop checks at its top: run in
// place, a send the buffer has no room for would wait for the loop,
// which waits for it, so the fix also makes those sends not wait.
package errchan

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO orders (body) VALUES ($1)", b)
	return err
}

// Indexer polls its client and reports the first failure on errs.
type Indexer struct {
	cl   *kgo.Client
	errs chan error
}

// New returns an indexer of the records cl polls.
func New(cl *kgo.Client) *Indexer {
	return &Indexer{cl: cl, errs: make(chan error, 1)}
}

// Run commits each record from a goroutine of its own.
func (ix *Indexer) Run(ctx context.Context) error {
	for {
		select {
		case err := <-ix.errs:
			return err
		default:
		}
		fs := ix.cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			go func() {
				if err := save(ctx, r.Value); err != nil {
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

// RunInPlace saves and commits each record in turn, and returns the
// first failure.
func (ix *Indexer) RunInPlace(ctx context.Context) error {
	for {
		fs := ix.cl.PollFetches(ctx)
		var failed error
		fs.EachRecord(func(r *kgo.Record) {
			if failed != nil {
				return
			}
			if err := save(ctx, r.Value); err != nil {
				failed = err
				return
			}
			if err := ix.cl.CommitRecords(ctx, r); err != nil { // ok: one record at a time
				failed = err
			}
		})
		if failed != nil {
			return failed
		}
	}
}
