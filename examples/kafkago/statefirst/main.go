// Command statefirst credits wallets in PostgreSQL from partition 0 of the
// "wallet-credits" topic with a kafka-go Reader outside any consumer group,
// keeping its position in a table of the same database.
//
// BUG (ordering commit-before-process, for the application's own offset
// store). Before reading, the reader seeks to the next_offset stored in
// consumer_offsets, as kafkago/sinkseek does; but each message's position
// is saved first, in its own statement, and the credit is inserted after:
// the two writes share no transaction, so a crash between them leaves
// next_offset past a credit that was never written, and the restart seeks
// past it (at-most-once: the credit is lost). The fix moves the position
// write after the credit; writing both in one transaction, as
// kafkago/sinkseek does, makes it effectively-once.
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
	owner     = "wallet-crediter-statefirst" // whose position the row is
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

// apply saves the next offset, then writes the credit.
func apply(ctx context.Context, pool *pgxpool.Pool, m kafka.Message) error {
	var c credit
	if err := json.Unmarshal(m.Value, &c); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
	}
	if _, err := pool.Exec(ctx, saveOffset, owner, m.Topic, m.Partition, m.Offset+1); err != nil { // finding: ordering commit-before-process
		return fmt.Errorf("save offset %s/%d: %w", m.Topic, m.Partition, err)
	}
	if _, err := pool.Exec(ctx, insertCredit, c.CreditID, c.Wallet, c.Cents); err != nil {
		return fmt.Errorf("insert credit %s: %w", c.CreditID, err)
	}
	return nil
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
