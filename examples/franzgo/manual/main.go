// Command manual indexes product updates from the "product-updates" topic into
// a PostgreSQL search table, committing offsets explicitly per batch.
//
// CORRECT (no finding). kgo.DisableAutoCommit() turns auto-commit off, so
// nothing is committed in the background and the default revoke handler does
// not commit either. After every record of a poll is written, the loop calls
// CommitRecords with that poll's records; it is synchronous, commits the
// highest record per partition + 1, and its error is checked and logged (a
// failed commit means replayed records, never a gap). A crash replays at most
// the current batch (at-least-once). The whole batch goes in one call, so a
// later call never rewinds an earlier, higher commit.
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
		kgo.ConsumerGroup("product-indexer"),
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

		records := fetches.Records()
		for _, r := range records {
			if err := ix.index(ctx, r); err != nil {
				return err
			}
		}
		if len(records) == 0 {
			continue
		}
		if err := cl.CommitRecords(ctx, records...); err != nil {
			// Not fatal: the batch is replayed by whoever owns the partitions
			// next, and the next successful commit covers it.
			log.Printf("commit %d records: %v", len(records), err)
		}
	}
}
