// Package revokeseam: franz-go OnPartitionsRevoked callbacks that commit
// the marks through a one-method interface, a seam tests replace, whose
// value is the client unless a test set a fake (usr5's revokeviaseam:
// they commit); a committer that another package sets (whether it is the
// client is not known: not judged); and a twin whose callback only
// counts, the seam committing at shutdown (it commits nothing).
package revokeseam

import (
	"context"
	"log"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

// offsetCommitter is the seam tests replace.
type offsetCommitter interface {
	CommitMarkedOffsets(ctx context.Context) error
}

type engine struct {
	cl        *kgo.Client
	commitOps offsetCommitter // set by tests only
}

// committer returns the test seam when set, else the client.
func (e *engine) committer() offsetCommitter {
	if e.commitOps != nil {
		return e.commitOps
	}
	return e.cl
}

// revoked commits the marks through the seam: the client's
// CommitMarkedOffsets in production.
func (e *engine) revoked(ctx context.Context, _ *kgo.Client, _ map[string][]int32) {
	if err := e.committer().CommitMarkedOffsets(ctx); err != nil {
		log.Printf("commit on revoke: %v", err)
	}
}

func save(r *kgo.Record) error { return os.WriteFile("/tmp/out", r.Value, 0o644) }

// viaSeam registers the callback that commits through the seam.
func viaSeam(ctx context.Context) error {
	e := &engine{}
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.BlockRebalanceOnPoll(),
		kgo.AutoCommitMarks(),
		kgo.OnPartitionsRevoked(e.revoked),
	)
	if err != nil {
		return err
	}
	e.cl = cl
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(r); err != nil {
				log.Print(err)
				return
			}
			cl.MarkCommitRecords(r)
		})
		cl.AllowRebalance()
	}
}

// Worker's Committer is set by the caller (another package): the client,
// or anything else with the method.
type Worker struct {
	Committer offsetCommitter
}

func (w *Worker) revoked(ctx context.Context, _ *kgo.Client, _ map[string][]int32) {
	if err := w.Committer.CommitMarkedOffsets(ctx); err != nil {
		log.Printf("commit on revoke: %v", err)
	}
}

// Run registers a callback committing through a committer it cannot
// trace: it may commit, so it is not reported.
func (w *Worker) Run(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.BlockRebalanceOnPoll(),
		kgo.AutoCommitMarks(),
		kgo.OnPartitionsRevoked(w.revoked),
	)
	if err != nil {
		return err
	}
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(r); err != nil {
				log.Print(err)
				return
			}
			cl.MarkCommitRecords(r)
		})
		cl.AllowRebalance()
	}
}

type counter struct {
	cl       *kgo.Client
	revokes  int
	commitOp offsetCommitter // set by tests only
}

func (c *counter) committer() offsetCommitter {
	if c.commitOp != nil {
		return c.commitOp
	}
	return c.cl
}

// stop commits the marks at shutdown, through the seam.
func (c *counter) stop(ctx context.Context) {
	if err := c.committer().CommitMarkedOffsets(ctx); err != nil {
		log.Printf("commit at shutdown: %v", err)
	}
	c.cl.Close()
}

func (c *counter) revoked(_ context.Context, _ *kgo.Client, revoked map[string][]int32) {
	c.revokes++
	log.Printf("revoked %v", revoked)
}

// countOnly's callback only counts: the marks made since the last
// auto-commit are not committed on revoke, though the seam commits them
// at shutdown.
func countOnly(ctx context.Context) error {
	c := &counter{}
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.BlockRebalanceOnPoll(),
		kgo.AutoCommitMarks(),
		kgo.OnPartitionsRevoked(c.revoked), // want `this OnPartitionsRevoked callback commits nothing, and it replaces franz-go's default revoke`
	)
	if err != nil {
		return err
	}
	c.cl = cl
	defer c.stop(ctx)
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(r); err != nil {
				log.Print(err)
				return
			}
			cl.MarkCommitRecords(r)
		})
		cl.AllowRebalance()
	}
}
