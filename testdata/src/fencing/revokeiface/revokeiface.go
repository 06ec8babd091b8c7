// Package revokeiface registers franz-go revoke callbacks as method
// values of an interface its constructor is given (file.d's input
// plugin): the method of the one type passed is the callback.
package revokeiface

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Hooks are the group's rebalance hooks.
type Hooks interface {
	Revoked(ctx context.Context, cl *kgo.Client, revoked map[string][]int32)
}

// logged only logs what was revoked.
type logged struct{}

func (logged) Revoked(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
	log.Printf("revoked %v", revoked)
}

// flushed commits the marks before the partitions go.
type flushed struct{}

func (flushed) Revoked(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
	if err := cl.CommitMarkedOffsets(ctx); err != nil {
		log.Printf("commit on revoke: %v", err)
	}
}

func newClient(group string, h Hooks) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics("t"),
		kgo.AutoCommitMarks(),
		kgo.OnPartitionsRevoked(h.Revoked), // want `this OnPartitionsRevoked callback commits nothing`
	)
}

func newFlushedClient(group string, h Hooks) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics("t"),
		kgo.AutoCommitMarks(),
		kgo.OnPartitionsRevoked(h.Revoked),
	)
}

func consume(ctx context.Context, cl *kgo.Client, db *sql.DB) {
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			if _, err := db.Exec("INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
				log.Fatal(err)
			}
			cl.MarkCommitRecords(r)
		})
	}
}

// Run consumes with both clients.
func Run(ctx context.Context, db *sql.DB) error {
	a, err := newClient("logged", logged{})
	if err != nil {
		return err
	}
	b, err := newFlushedClient("flushed", flushed{})
	if err != nil {
		return err
	}
	go consume(ctx, b, db)
	consume(ctx, a, db)
	return nil
}
