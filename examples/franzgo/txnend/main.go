// Command txnend converts currency amounts from the "payments-raw" topic and
// produces them to "payments-eur" in Kafka transactions, then marks each
// batch as settled in PostgreSQL.
//
// BUG (fencing ignored-txn-result): End's committed result is dropped. When a
// rebalance revokes partitions during the transaction, End aborts it, rewinds
// the session to the last committed offsets and returns (false, nil): no
// error. The loop then marks the batch settled anyway, and the batch is
// polled and settled again by whoever owns it next, so the settlement rows
// are written twice for records whose conversion was never committed.
// Twin: franzgo/txnendchecked.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/twmb/franz-go/pkg/kgo"
)

func convert(r *kgo.Record) *kgo.Record {
	return &kgo.Record{Topic: "payments-eur", Key: r.Key, Value: r.Value}
}

func settle(ctx context.Context, pool *pgxpool.Pool, fs kgo.Fetches) error {
	var err error
	fs.EachRecord(func(r *kgo.Record) {
		if err == nil {
			_, err = pool.Exec(ctx,
				`INSERT INTO settlements (payment_key, settled_at) VALUES ($1, now())`, string(r.Key))
		}
	})
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

	sess, err := kgo.NewGroupTransactSession(
		kgo.SeedBrokers(demo.Brokers()...),
		kgo.ConsumerGroup("payments-converter"),
		kgo.ConsumeTopics("payments-raw"),
		kgo.TransactionalID("payments-converter-"+demo.Instance()), // per instance, the same after a restart
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
	)
	if err != nil {
		return fmt.Errorf("new session: %w", err)
	}
	defer sess.Close()

	for {
		fs := sess.PollFetches(ctx)
		if fs.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		if err := sess.Begin(); err != nil {
			return fmt.Errorf("begin: %w", err)
		}
		fs.EachRecord(func(r *kgo.Record) {
			sess.Produce(ctx, convert(r), nil)
		})
		_, err := sess.End(ctx, kgo.TryCommit) // finding: fencing ignored-txn-result
		if err != nil {
			return fmt.Errorf("end transaction: %w", err)
		}
		if err := settle(ctx, pool, fs); err != nil {
			return fmt.Errorf("settle: %w", err)
		}
	}
}
