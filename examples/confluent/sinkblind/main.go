// Command sinkblind credits wallets in PostgreSQL from the "wallet-credits"
// topic with confluent-kafka-go and keeps its consumer position in the same
// database.
//
// BUGGY (fencing sink-offset-not-restored). Each message is applied in one
// pgx transaction that inserts the credit and upserts
// consumer_offsets.next_offset to offset + 1, so the effect and the position
// commit together, but nothing reads next_offset back: SubscribeTopics has
// no rebalance callback, enable.auto.commit is false and nothing is
// committed to Kafka, so librdkafka starts every assigned partition from
// auto.offset.reset (earliest here) at each restart and rebalance. Every
// credit already applied is inserted again (at-least-once despite the
// transaction), and Kafka's lag for the group only grows. With the default
// auto.offset.reset (latest) it would instead skip everything produced
// while it was down. The fix subscribes with a rebalance callback that
// reads next_offset per assigned partition and calls Assign with those
// offsets (confluent/pgxoffset).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

const (
	group = "wallet-crediter-confluent"
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
func apply(ctx context.Context, pool *pgxpool.Pool, msg *kafka.Message) error {
	tp := msg.TopicPartition
	var c credit
	if err := json.Unmarshal(msg.Value, &c); err != nil {
		return fmt.Errorf("decode %s: %w", tp, err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after Commit
	if _, err := tx.Exec(ctx, insertCredit, c.CreditID, c.Wallet, c.Cents); err != nil {
		return fmt.Errorf("insert credit %s: %w", c.CreditID, err)
	}
	if _, err := tx.Exec(ctx, saveOffset, group, *tp.Topic, tp.Partition, int64(tp.Offset)+1); err != nil { // finding: fencing sink-offset-not-restored
		return fmt.Errorf("save offset %s: %w", tp, err)
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

	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  demo.Bootstrap(),
		"group.id":           group,
		"auto.offset.reset":  "earliest",
		"enable.auto.commit": false,
	})
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()

	if err := c.SubscribeTopics([]string{topic}, nil); err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}
	for ctx.Err() == nil {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			if err := apply(ctx, pool, e); err != nil {
				return err
			}
		case kafka.Error:
			if e.IsFatal() {
				return e
			}
			log.Printf("consumer error: %v", e)
		}
	}
	return nil
}
