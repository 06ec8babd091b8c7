// Command handoff sends push notifications for events on the "alerts" topic
// and records each delivery in PostgreSQL, processing records concurrently.
//
// BUG (autocommit records-outlive-poll). kgo.ConsumerGroup leaves the default
// auto-commit on (5s). Each record is handed to its own goroutine and the loop
// immediately polls again without waiting for them. The next PollFetches
// promotes the previous poll's batch end to the commit head, so the 5s
// auto-commit (and the commit on revoke or Close) commits records that may
// still be running in goroutines. A crash, a kill, or a failed delivery then
// loses those records: the group resumes after them and nothing reports the
// gap. The default one-poll lag is at-least-once only if records finish before
// the next poll; see franzgo/fanoutjoined for the joined version.
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

type alert struct {
	AlertID  string `json:"alert_id"`
	DeviceID string `json:"device_id"`
	Message  string `json:"message"`
}

type notifier struct {
	db *sql.DB
}

func (n *notifier) deliver(ctx context.Context, r *kgo.Record) error {
	var a alert
	if err := json.Unmarshal(r.Value, &a); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
	}
	// The push gateway call is elided; the delivery log is the durable effect.
	_, err := n.db.ExecContext(ctx,
		`INSERT INTO alert_deliveries (alert_id, device_id, message, delivered_at)
		 VALUES ($1, $2, $3, now()) ON CONFLICT (alert_id) DO NOTHING`,
		a.AlertID, a.DeviceID, a.Message)
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
		kgo.ConsumerGroup("alert-notifier"),
		kgo.ConsumeTopics("alerts"),
	)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

	n := &notifier{db: db}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachError(func(topic string, partition int32, err error) {
			log.Printf("fetch error %s/%d: %v", topic, partition, err)
		})

		fetches.EachRecord(func(r *kgo.Record) {
			go func(r *kgo.Record) { // finding: autocommit records-outlive-poll
				if err := n.deliver(ctx, r); err != nil {
					log.Printf("deliver %s/%d@%d: %v", r.Topic, r.Partition, r.Offset, err)
				}
			}(r)
		})
	}
}
