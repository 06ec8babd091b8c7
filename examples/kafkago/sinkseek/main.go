// Command sinkseek credits wallets in PostgreSQL from partition 0 of the
// "wallet-credits" topic with a kafka-go Reader outside any consumer group,
// keeping its position in the same database.
//
// CORRECT (no finding). A group Reader cannot be told where to resume
// (SetOffset fails when GroupID is set), so this reader reads one partition
// without a group: nothing is ever committed to Kafka, and the position
// lives only in consumer_offsets. Each message is applied in one pgx
// transaction that inserts the credit and upserts next_offset to offset + 1
// (only forward); before reading, the reader seeks to next_offset with
// SetOffset, so a restart resumes right after the last applied message
// (effectively-once, scoped to PostgreSQL). Without a group there is no
// broker lag for it; progress is next_offset against the partition's end.
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

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/segmentio/kafka-go"
)

const (
	owner     = "wallet-crediter-kafka-go" // whose position the row is
	topic     = "wallet-credits"
	partition = 0

	insertCredit = `INSERT INTO wallet_credits (credit_id, wallet, cents) VALUES ($1, $2, $3)`
	saveOffset   = `INSERT INTO consumer_offsets (group_id, topic, partition, next_offset) VALUES ($1, $2, $3, $4)
		ON CONFLICT (group_id, topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset
		WHERE consumer_offsets.next_offset < EXCLUDED.next_offset`
	loadOffset = `SELECT next_offset FROM consumer_offsets WHERE group_id = $1 AND topic = $2 AND partition = $3`
)

type credit struct {
	CreditID string `json:"credit_id"`
	Wallet   string `json:"wallet"`
	Cents    int64  `json:"cents"`
}

// apply writes the credit and the next offset in one transaction.
func apply(ctx context.Context, pool *pgxpool.Pool, m kafka.Message) error {
	var c credit
	if err := json.Unmarshal(m.Value, &c); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after Commit
	if _, err := tx.Exec(ctx, insertCredit, c.CreditID, c.Wallet, c.Cents); err != nil {
		return fmt.Errorf("insert credit %s: %w", c.CreditID, err)
	}
	if _, err := tx.Exec(ctx, saveOffset, owner, m.Topic, m.Partition, m.Offset+1); err != nil {
		return fmt.Errorf("save offset %s/%d: %w", m.Topic, m.Partition, err)
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

	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:   demo.Brokers(),
		Topic:     topic,
		Partition: partition,
	})
	defer r.Close()

	var next int64
	err = pool.QueryRow(ctx, loadOffset, owner, topic, partition).Scan(&next)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		// Never applied a message: the reader starts at the first offset.
	case err != nil:
		return fmt.Errorf("load offset: %w", err)
	default:
		if err := r.SetOffset(next); err != nil {
			return fmt.Errorf("seek to %d: %w", next, err)
		}
	}

	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("fetch message: %w", err)
		}
		if err := apply(ctx, pool, m); err != nil {
			return err
		}
	}
}
