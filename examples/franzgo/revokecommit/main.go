// Command revokecommit counts page views from the "pageviews" topic
// in PostgreSQL, with a franz-go group client on default auto-commit.
//
// CORRECT (no finding); twin of franzgo/revokelog and franzgo/revokeinflight.
// The custom OnPartitionsRevoked callback replaces franz-go's default commit
// on revoke, so it commits itself. kgo.BlockRebalanceOnPoll holds rebalances
// from each poll until AllowRebalance, which the loop calls before polling
// again, once the previous poll is fully counted: the callback therefore runs
// between batches, and CommitUncommittedOffsets commits exactly the counted
// records. A rebalance or deploy replays nothing that was counted.
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
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
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
		cl.AllowRebalance()
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		var countErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if countErr == nil {
				countErr = c.count(ctx, r)
			}
		})
		if countErr != nil {
			return countErr
		}
	}
}
