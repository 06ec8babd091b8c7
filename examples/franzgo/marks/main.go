// Command marks applies stock adjustments from the "inventory-adjustments"
// topic to PostgreSQL, marking each record once it is applied.
//
// CORRECT (no finding); twin of franzgo/marknoop. kgo.AutoCommitMarks() is
// set, so auto-commit (5s) commits only marked offsets: the commit head moves
// only through MarkCommitRecords, which marks record offset + 1 in memory
// (forward-only). Each record is marked right after its update succeeds, in
// order, and the loop stops at the first failure without marking anything
// after it, so the committed position never passes an unapplied record
// (at-least-once). On Close the default revoke handler commits the marks.
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

type adjustment struct {
	SKU       string `json:"sku"`
	Warehouse string `json:"warehouse"`
	Delta     int    `json:"delta"`
}

type inventory struct {
	pool *pgxpool.Pool
}

func (inv *inventory) apply(ctx context.Context, r *kgo.Record) error {
	var a adjustment
	if err := json.Unmarshal(r.Value, &a); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
	}
	_, err := inv.pool.Exec(ctx,
		`UPDATE stock_levels SET quantity = quantity + $1 WHERE sku = $2 AND warehouse = $3`,
		a.Delta, a.SKU, a.Warehouse)
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
		kgo.ConsumerGroup("inventory-applier"),
		kgo.ConsumeTopics("inventory-adjustments"),
		kgo.AutoCommitMarks(),
	)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

	inv := &inventory{pool: pool}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachError(func(topic string, partition int32, err error) {
			log.Printf("fetch error %s/%d: %v", topic, partition, err)
		})

		var applyErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if applyErr != nil {
				return
			}
			if applyErr = inv.apply(ctx, r); applyErr == nil {
				cl.MarkCommitRecords(r)
			}
		})
		if applyErr != nil {
			return applyErr
		}
	}
}
