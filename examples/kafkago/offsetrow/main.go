// Command offsetrow applies account ledger entries from the "ledger" topic
// to PostgreSQL with exactly-once effect, keeping the consumer position in
// the same database.
//
// BUG (fencing unfenced-offset-write): the ledger row and the offset row are
// written in one transaction, but the UPDATE of consumer_offsets accepts any
// offset. During a rebalance the partition's previous owner can still be
// applying a message it fetched before the revoke; its transaction commits
// after the new owner's and moves next_offset backwards, so the new owner's
// next restart applies those entries again (duplicates despite the
// transaction). And nothing reads next_offset back (fencing
// sink-offset-not-restored): a kafka-go group Reader resumes from the
// broker's committed offset, so a crash between the transaction and
// CommitMessages applies the message again. The fixes guard the UPDATE and
// make the transaction skip messages at or below the stored position.
// Twin: kafkago/txoffset, whose guarded UPDATE does both.
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

type entry struct {
	Account string `json:"account"`
	Cents   int64  `json:"cents"`
}

func apply(ctx context.Context, pool *pgxpool.Pool, msg kafka.Message) error {
	var e entry
	if err := json.Unmarshal(msg.Value, &e); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after Commit
	if _, err := tx.Exec(ctx,
		`INSERT INTO ledger (account, cents, source_offset) VALUES ($1, $2, $3)`,
		e.Account, e.Cents, msg.Offset); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, // finding: fencing unfenced-offset-write // finding: fencing sink-offset-not-restored
		`UPDATE consumer_offsets SET next_offset = $1
		 WHERE topic = $2 AND partition = $3`,
		msg.Offset+1, msg.Topic, msg.Partition); err != nil {
		return err
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
		Brokers: demo.Brokers(),
		GroupID: "ledger-applier",
		Topic:   "ledger",
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
		if err := apply(ctx, pool, msg); err != nil {
			return fmt.Errorf("apply: %w", err)
		}
		// For lag visibility only: the position of record is the DB row.
		if err := r.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
	}
}
