// Command txoffset applies account ledger entries from the "ledger" topic to
// PostgreSQL with exactly-once effect, using a kafka-go Reader.
//
// CORRECT (no finding). The effect and the consumer position are written in
// one database transaction: the ledger row and the consumer_offsets row
// commit together or not at all (the offset is stored in the sink). The
// UPDATE is guarded by the previous offset, so a stale owner cannot move it.
// The CommitMessages after the transaction keeps the broker's lag metrics
// honest, and it is also where a restart resumes: a kafka-go group Reader
// cannot be told to start from consumer_offsets, so a crash before it
// replays the message. The guard turns that replay into a no-op, which the
// report cannot prove: it says at-least-once, applied again unless the
// transaction skips the records below the stored position (as this one
// does).
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

type entry struct {
	Account string `json:"account"`
	Cents   int64  `json:"cents"`
}

// apply writes the entry and the next offset in one transaction. It
// reports applied=false when the offset row shows the message was already
// applied.
func apply(ctx context.Context, pool *pgxpool.Pool, msg kafka.Message) (applied bool, err error) {
	var e entry
	if err := json.Unmarshal(msg.Value, &e); err != nil {
		return false, fmt.Errorf("decode %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after Commit
	tag, err := tx.Exec(ctx,
		`UPDATE consumer_offsets SET next_offset = $1
		 WHERE topic = $2 AND partition = $3 AND next_offset = $4`,
		msg.Offset+1, msg.Topic, msg.Partition, msg.Offset)
	if err != nil {
		return false, err
	}
	if tag.RowsAffected() == 0 {
		return false, nil // already applied, or not ours any more
	}
	if _, err := tx.Exec(ctx,
		`INSERT INTO ledger (account, cents, source_offset) VALUES ($1, $2, $3)`,
		e.Account, e.Cents, msg.Offset); err != nil {
		return false, err
	}
	return true, tx.Commit(ctx)
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
		applied, err := apply(ctx, pool, msg)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("apply: %w", err)
		}
		if !applied {
			log.Printf("skipped %s/%d@%d: already applied", msg.Topic, msg.Partition, msg.Offset)
		}
		// For lag visibility only: the position of record is the DB row.
		if err := r.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
	}
}
