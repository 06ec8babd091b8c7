// Command commitfirst indexes product updates from the "product-updates"
// topic into PostgreSQL with a franz-go group client and manual commits.
//
// BUG (ordering commit-before-process): every poll is committed with
// CommitUncommittedOffsets before its records are indexed, "to keep lag
// low". CommitUncommittedOffsets commits everything polled, this batch
// included, so a crash while the batch is being indexed loses all of it
// (at-most-once). Twin: franzgo/manual.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/twmb/franz-go/pkg/kgo"
)

type productUpdate struct {
	ProductID string `json:"product_id"`
	Title     string `json:"title"`
	PriceCts  int64  `json:"price_cents"`
}

type indexer struct {
	pool *pgxpool.Pool
}

func (ix *indexer) index(ctx context.Context, r *kgo.Record) error {
	var u productUpdate
	if err := json.Unmarshal(r.Value, &u); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
	}
	_, err := ix.pool.Exec(ctx,
		`INSERT INTO product_search (product_id, title, price_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (product_id) DO UPDATE SET title = EXCLUDED.title, price_cents = EXCLUDED.price_cents`,
		u.ProductID, u.Title, u.PriceCts)
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
		kgo.ConsumerGroup("product-indexer-eager"),
		kgo.ConsumeTopics("product-updates"),
		kgo.DisableAutoCommit(),
	)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

	ix := &indexer{pool: pool}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachError(func(topic string, partition int32, err error) {
			log.Printf("fetch error %s/%d: %v", topic, partition, err)
		})

		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // finding: ordering commit-before-process
			return fmt.Errorf("commit: %w", err)
		}
		var indexErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if indexErr == nil {
				indexErr = ix.index(ctx, r)
			}
		})
		if indexErr != nil {
			return indexErr
		}
	}
}
