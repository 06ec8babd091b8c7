// Command storefirst writes audit events from the "audit-events" topic to
// PostgreSQL using a confluent-kafka-go consumer that stores offsets itself.
//
// BUG (ordering commit-before-process): enable.auto.offset.store is false,
// as it should be, but StoreMessage is called before the event is written.
// The auto-commit timer (every 5000 ms) commits stored offsets at any
// moment, so a crash while the row is written loses the event
// (at-most-once). Twin: confluent/storeafter.
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
		"bootstrap.servers":        demo.Bootstrap(),
		"group.id":                 "audit-ingest",
		"auto.offset.reset":        "earliest",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()

	if err := c.SubscribeTopics([]string{"audit-events"}, nil); err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}

	w := &auditWriter{pool: pool}
	for ctx.Err() == nil {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			if _, err := c.StoreMessage(e); err != nil { // finding: ordering commit-before-process
				return fmt.Errorf("store offset %s: %w", e.TopicPartition, err)
			}
			if err := w.record(ctx, e); err != nil {
				return fmt.Errorf("record %s: %w", e.TopicPartition, err)
			}
		case kafka.OffsetsCommitted:
			if e.Error != nil {
				log.Printf("auto-commit failed: %v", e.Error)
			}
		case kafka.Error:
			if e.IsFatal() {
				return fmt.Errorf("fatal consumer error: %w", e)
			}
			log.Printf("consumer error: %v", e)
		}
	}
	return nil
}
