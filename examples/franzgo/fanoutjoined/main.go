// Command fanoutjoined sends push notifications for events on the "alerts"
// topic and records each delivery in PostgreSQL, processing records
// concurrently.
//
// CORRECT (no finding); twin of franzgo/handoff. Default auto-commit is on
// (5s) and each record is processed in its own goroutine, but a
// sync.WaitGroup joins every goroutine before the loop calls PollFetches
// again. The next poll is what makes a batch committable, so a batch is only
// committable once all of its records are done: the fan-out stays inside the
// poll iteration (at-least-once). If any delivery fails, run returns without
// polling again, so the failed batch is never promoted; Close commits only
// earlier, fully processed polls.
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"os/signal"
	"sync"
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

		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			errs []error
		)
		fetches.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func(r *kgo.Record) {
				defer wg.Done()
				if err := n.deliver(ctx, r); err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("deliver %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err))
					mu.Unlock()
				}
			}(r)
		})
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return err
		}
	}
}
