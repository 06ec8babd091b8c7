// Command storeafter ingests audit events from the "audit-events" topic into
// PostgreSQL using a confluent-kafka-go consumer that stores offsets only
// after processing.
//
// CORRECT (no finding). enable.auto.offset.store is false, so librdkafka no
// longer stores an offset when Poll hands a message over; auto-commit stays on
// (5000 ms) and commits only what the application stored. After the audit row
// is written, StoreMessage stores the message's offset + 1 and its error is
// checked. The timer, a revoke, and Close therefore commit only processed
// messages (at-least-once). Auto-commit results arrive as
// kafka.OffsetsCommitted events and are logged when they fail.
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
			if err := w.record(ctx, e); err != nil {
				return fmt.Errorf("record %s: %w", e.TopicPartition, err)
			}
			if _, err := c.StoreMessage(e); err != nil {
				return fmt.Errorf("store offset %s: %w", e.TopicPartition, err)
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
