// Command syncloop appends payment events from the "payments" topic to a
// ledger table, using a franz-go consumer group with default auto-commit.
//
// CORRECT (no finding). kgo.ConsumerGroup turns auto-commit on (5s). The
// default auto-commit commits only polls before the latest: each poll records
// its batch end as dirty, and the next PollFetches promotes it to committable.
// The loop processes every record of a poll synchronously in EachRecord before
// it polls again, so a batch becomes committable only after all of its records
// are written (at-least-once, one-poll lag). On a processing error run returns
// without polling again, so the failed batch is never promoted; Close commits
// only the earlier, fully processed polls.
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/twmb/franz-go/pkg/kgo"
)

type payment struct {
	PaymentID string `json:"payment_id"`
	Account   string `json:"account"`
	AmountCts int64  `json:"amount_cents"`
}

type ledger struct {
	db *sql.DB
}

func (l *ledger) process(ctx context.Context, r *kgo.Record) error {
	var p payment
	if err := json.Unmarshal(r.Value, &p); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
	}
	_, err := l.db.ExecContext(ctx,
		`INSERT INTO ledger_entries (payment_id, account, amount_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (payment_id) DO NOTHING`, p.PaymentID, p.Account, p.AmountCts)
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
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		return fmt.Errorf("open db: %w", err)
	}
	defer db.Close()

	cl, err := kgo.NewClient(
		kgo.SeedBrokers(demo.Brokers()...),
		kgo.ConsumerGroup("payments-ledger"),
		kgo.ConsumeTopics("payments"),
	)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

	l := &ledger{db: db}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachError(func(topic string, partition int32, err error) {
			log.Printf("fetch error %s/%d: %v", topic, partition, err)
		})

		var procErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if procErr == nil {
				procErr = l.process(ctx, r)
			}
		})
		if procErr != nil {
			return procErr
		}
	}
}
