// Command revokecommit counts page views from the "pageviews" topic
// in PostgreSQL, with a franz-go group client that commits the records it
// marks once counted.
//
// CORRECT (no finding); twin of franzgo/revokelog and franzgo/revokeinflight.
// The custom OnPartitionsRevoked callback replaces franz-go's default commit
// on revoke, so it commits itself. kgo.AutoCommitMarks makes the auto-commit
// timer, and CommitMarkedOffsets in the callback, commit only what the loop
// marked, each record once counted. The callback may run while a poll is
// being counted (in a rebalance), or after the loop gave up on one (the
// client's Close runs it as the member leaves its group, after a failed
// write or a SIGTERM): either way it commits counted records only. A
// rebalance or deploy replays nothing that was counted, and skips nothing
// that was not.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/twmb/franz-go/pkg/kgo"
)

type counter struct {
	pool *pgxpool.Pool
}

func (c *counter) count(ctx context.Context, r *kgo.Record) error {
	_, err := c.pool.Exec(ctx,
		`INSERT INTO page_counts (url, views) VALUES ($1, 1)
		 ON CONFLICT (url) DO UPDATE SET views = page_counts.views + 1`, string(r.Value))
	return err
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return fmt.Errorf("connect db: %w", err)
	}
	defer pool.Close()

	cl, err := kgo.NewClient(
		kgo.SeedBrokers(demo.Brokers()...),
		kgo.ConsumerGroup("page-counter"),
		kgo.ConsumeTopics("pageviews"),
		kgo.AutoCommitMarks(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
			if err := cl.CommitMarkedOffsets(ctx); err != nil {
				log.Printf("commit on revoke of %v: %v", revoked, err)
			}
		}),
	)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

	c := &counter{pool: pool}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		var countErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if countErr != nil {
				return
			}
			if countErr = c.count(ctx, r); countErr == nil {
				cl.MarkCommitRecords(r)
			}
		})
		if countErr != nil {
			return countErr
		}
	}
}
