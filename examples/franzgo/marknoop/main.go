// Command marknoop applies stock adjustments from the "inventory-adjustments"
// topic to PostgreSQL, marking each record once it is applied.
//
// BUG (autocommit marks-ignored). The client uses kgo.ConsumerGroup with the
// default auto-commit and does not set kgo.AutoCommitMarks(). Without that
// option MarkCommitRecords is a no-op, while plain auto-commit keeps
// committing polled positions: every poll before the latest, whether or not
// its records were marked. The marks make the code read as "commit only what
// was applied", but they change nothing: the commit point is the next
// PollFetches, not the mark. Any record that is not applied before the next
// poll (skipped, retried later, or handed to a goroutine) is committed
// unapplied and lost on a crash. Add kgo.AutoCommitMarks() (franzgo/marks)
// so the marks are what gets committed.
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
				cl.MarkCommitRecords(r) // finding: autocommit marks-ignored
			}
		})
		if applyErr != nil {
			return applyErr
		}
	}
}
