// Command txfirst applies inventory adjustments from the "inventory" topic
// to PostgreSQL in a transaction per message, using a kafka-go Reader.
//
// BUG (ordering commit-before-process): the loop commits each message to
// the broker before the transaction that applies it. CommitMessages is
// synchronous (CommitInterval 0), so a crash, or a failed Exec or Commit
// that stops the loop, leaves the offset committed and the adjustment
// never applied (at-most-once). The fix moves the commit after tx.Commit,
// where the effect is durable. Twin: kafkago/txoffset, which also writes
// the offset in the transaction.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/segmentio/kafka-go"
)

type adjustment struct {
	SKU   string `json:"sku"`
	Delta int64  `json:"delta"`
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

	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers: demo.Brokers(),
		GroupID: "inventory-applier",
		Topic:   "inventory",
	})
	defer r.Close()

	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("fetch message: %w", err)
		}
		if err := r.CommitMessages(ctx, msg); err != nil { // finding: ordering commit-before-process
			return fmt.Errorf("commit: %w", err)
		}
		var a adjustment
		if err := json.Unmarshal(msg.Value, &a); err != nil {
			log.Printf("skip %s/%d@%d: %v", msg.Topic, msg.Partition, msg.Offset, err)
			continue
		}
		tx, err := pool.Begin(ctx)
		if err != nil {
			return fmt.Errorf("begin: %w", err)
		}
		if _, err := tx.Exec(ctx,
			`UPDATE inventory SET on_hand = on_hand + $1 WHERE sku = $2`, a.Delta, a.SKU); err != nil {
			_ = tx.Rollback(ctx)
			return fmt.Errorf("adjust %s: %w", a.SKU, err)
		}
		if _, err := tx.Exec(ctx,
			`INSERT INTO inventory_log (sku, delta, source_offset) VALUES ($1, $2, $3)`,
			a.SKU, a.Delta, msg.Offset); err != nil {
			_ = tx.Rollback(ctx)
			return fmt.Errorf("log %s: %w", a.SKU, err)
		}
		if err := tx.Commit(ctx); err != nil {
			return fmt.Errorf("commit tx: %w", err)
		}
	}
}
