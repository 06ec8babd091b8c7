// Package errgroupgo holds kafka-go loops that hand each message to an
// errgroup's Go: the function runs in a goroutine of its own, so a
// commit right after Go returns may pass a message not yet saved.
package errgroupgo

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"
)

var db *sql.DB

func save(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", v)
	return err
}

// each commits every message as soon as its function is started.
func each(ctx context.Context, r *kafka.Reader) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(8)
	for {
		m, err := r.FetchMessage(gctx)
		if err != nil {
			break
		}
		g.Go(func() error { return save(gctx, m.Value) })
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is queued by errgroup.Group.Go`
			return err
		}
	}
	return g.Wait()
}

// batch is its twin: the batch's functions are waited for before the
// batch is committed.
func batch(ctx context.Context, r *kafka.Reader, msgs []kafka.Message) error {
	var g errgroup.Group
	for _, m := range msgs {
		g.Go(func() error { return save(ctx, m.Value) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return r.CommitMessages(ctx, msgs...)
}

// waitAll waits for the group's functions.
func waitAll(g *errgroup.Group) error { return g.Wait() }

// batchHelper is batch waiting through a helper (silent).
func batchHelper(ctx context.Context, r *kafka.Reader, msgs []kafka.Message) error {
	g := new(errgroup.Group)
	for _, m := range msgs {
		g.Go(func() error { return save(ctx, m.Value) })
	}
	if err := waitAll(g); err != nil {
		return err
	}
	return r.CommitMessages(ctx, msgs...)
}

func run(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g", Topic: "events"})
	if err := each(ctx, r); err != nil {
		return err
	}
	if err := batch(ctx, r, nil); err != nil {
		return err
	}
	return batchHelper(ctx, r, nil)
}

var _ = run
