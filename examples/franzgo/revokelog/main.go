// Command revokelog counts page views from the "pageviews" topic
// in PostgreSQL, with a franz-go group client on default auto-commit.
//
// BUG (fencing revoke-without-commit): the client registers an
// OnPartitionsRevoked callback that only drops its in-memory state and logs.
// A user callback replaces franz-go's default one, which commits the
// processed polls on every revoke (and at Close) while auto-commit is on.
// Without it, each rebalance and each deploy hands the partitions over at the
// last 5s auto-commit, and the next owner re-counts up to 5s of views
// (duplicates). Twin: franzgo/revokecommit.
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
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) { // finding: fencing revoke-without-commit
			log.Printf("partitions revoked: %v", revoked)
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
			if countErr == nil {
				countErr = c.count(ctx, r)
			}
		})
		if countErr != nil {
			return countErr
		}
	}
}
