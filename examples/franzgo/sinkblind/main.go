// Command sinkblind credits wallets in PostgreSQL from the "wallet-credits"
// topic and keeps its consumer position in the same database.
//
// BUGGY (fencing sink-offset-not-restored). Each record is applied in one
// pgx transaction that inserts the credit and upserts
// consumer_offsets.next_offset to offset + 1, so the effect and the position
// commit together, but nothing reads next_offset back: auto-commit is off
// and nothing is committed to Kafka, so the group has no committed offset
// and franz-go starts every partition from its default start offset, the
// earliest, at each restart and rebalance. Every credit already applied is
// inserted again (at-least-once despite the transaction: the guard keeps
// the offset row from moving back, not the credit from being inserted
// twice), and Kafka's lag for the group only grows. The fix reads
// next_offset back in kgo.AdjustFetchOffsetsFn (franzgo/sinkrestore); and
// committing to Kafka too, after the transaction, makes lag meaningful.
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

const (
	group = "wallet-crediter-blind"
	topic = "wallet-credits"

	insertCredit = `INSERT INTO wallet_credits (credit_id, wallet, cents) VALUES ($1, $2, $3)`
	saveOffset   = `INSERT INTO consumer_offsets (group_id, topic, partition, next_offset) VALUES ($1, $2, $3, $4)
		ON CONFLICT (group_id, topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset
		WHERE consumer_offsets.next_offset < EXCLUDED.next_offset`
)

type credit struct {
	CreditID string `json:"credit_id"`
	Wallet   string `json:"wallet"`
	Cents    int64  `json:"cents"`
}

// apply writes the credit and the next offset in one transaction.
func apply(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	var c credit
	if err := json.Unmarshal(r.Value, &c); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after Commit
	if _, err := tx.Exec(ctx, insertCredit, c.CreditID, c.Wallet, c.Cents); err != nil {
		return fmt.Errorf("insert credit %s: %w", c.CreditID, err)
	}
	if _, err := tx.Exec(ctx, saveOffset, group, r.Topic, r.Partition, r.Offset+1); err != nil { // finding: fencing sink-offset-not-restored
		return fmt.Errorf("save offset %s/%d: %w", r.Topic, r.Partition, err)
	}
	return tx.Commit(ctx)
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
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topic),
		kgo.DisableAutoCommit(),
	)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachError(func(t string, p int32, err error) {
			log.Printf("fetch error %s/%d: %v", t, p, err)
		})
		records := fetches.Records()
		for _, r := range records {
			if err := apply(ctx, pool, r); err != nil {
				return err
			}
		}
	}
}
