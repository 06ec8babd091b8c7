// Command pollstore ingests audit events from the "audit-events" topic into
// PostgreSQL using a confluent-kafka-go consumer driven by Poll.
//
// BUG (autocommit auto-store-on-delivery). The ConfigMap is built by
// consumerConfig, which sets enable.auto.commit to true explicitly and leaves
// enable.auto.offset.store at its default, true. librdkafka therefore stores
// offset + 1 as soon as Poll returns the *kafka.Message, before record runs,
// and the 5000 ms auto-commit timer commits that stored offset on its own
// schedule. A tick during record (or the commit on Close after record fails)
// commits a message whose audit row was never written, and a crash loses it
// with no error. Also, the kafka.OffsetsCommitted events that would carry
// auto-commit errors fall into the default branch and are dropped. Setting
// enable.auto.commit explicitly does not make it safe: disable the auto-store
// and call StoreMessage after processing (confluent/storeafter).
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

type auditEvent struct {
	EventID string `json:"event_id"`
	Actor   string `json:"actor"`
	Action  string `json:"action"`
}

type auditWriter struct {
	pool *pgxpool.Pool
}

func (w *auditWriter) record(ctx context.Context, msg *kafka.Message) error {
	var ev auditEvent
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return fmt.Errorf("decode %s: %w", msg.TopicPartition, err)
	}
	_, err := w.pool.Exec(ctx,
		`INSERT INTO audit_log (event_id, actor, action) VALUES ($1, $2, $3)
		 ON CONFLICT (event_id) DO NOTHING`, ev.EventID, ev.Actor, ev.Action)
	return err
}

func consumerConfig() *kafka.ConfigMap {
	cfg := &kafka.ConfigMap{
		"bootstrap.servers": demo.Bootstrap(),
		"group.id":          "audit-ingest",
	}
	// SetKey cannot fail for plain keys.
	_ = cfg.SetKey("enable.auto.commit", true)
	_ = cfg.SetKey("auto.commit.interval.ms", 5000)
	_ = cfg.SetKey("auto.offset.reset", "earliest")
	return cfg
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

	c, err := kafka.NewConsumer(consumerConfig()) // finding: autocommit auto-store-on-delivery
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()

	if err := c.SubscribeTopics([]string{"audit-events"}, nil); err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}

	w := &auditWriter{pool: pool}
	for ctx.Err() == nil {
		ev := c.Poll(100)
		switch e := ev.(type) {
		case *kafka.Message:
			if err := w.record(ctx, e); err != nil {
				return fmt.Errorf("record %s: %w", e.TopicPartition, err)
			}
		case kafka.Error:
			if e.IsFatal() {
				return fmt.Errorf("fatal consumer error: %w", e)
			}
			log.Printf("consumer error: %v", e)
		default:
			// nil on timeout; other events are not used here.
		}
	}
	return nil
}
