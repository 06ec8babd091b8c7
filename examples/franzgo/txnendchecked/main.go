// Command txnendchecked converts currency amounts from the "payments-raw"
// topic and produces them to "payments-eur" in Kafka transactions, then marks
// each batch as settled in PostgreSQL.
//
// CORRECT (no finding); twin of franzgo/txnend. End reports whether the
// transaction committed. After a rebalance End aborts, rewinds the session to
// the last committed offsets and returns (false, nil); the loop then skips the
// settlement and polls again, so only committed conversions are settled. Any
// error from End is not retryable (the session is fenced or failed), so run
// returns it and the process restarts with a fresh session.
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
		committed, err := sess.End(ctx, kgo.TryCommit)
		if err != nil {
			return fmt.Errorf("end transaction: %w", err)
		}
		if !committed {
			log.Printf("transaction aborted by a rebalance; the batch is polled again")
			continue
		}
		if err := settle(ctx, pool, fs); err != nil {
			return fmt.Errorf("settle: %w", err)
		}
	}
}
