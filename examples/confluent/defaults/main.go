// Command defaults archives invoices from the "invoices" topic into
// PostgreSQL using a confluent-kafka-go consumer with librdkafka's defaults.
//
// BUG (autocommit auto-store-on-delivery). The ConfigMap sets only
// bootstrap.servers, group.id and auto.offset.reset, so enable.auto.commit
// (every 5000 ms) and enable.auto.offset.store are both true. librdkafka
// stores offset + 1 when ReadMessage hands the message to the application, not
// when archive finishes, and a background timer commits the stored offset
// independently of this loop. If the timer fires while a message is being
// archived, that message is committed unprocessed and a crash loses it; when
// archive fails, run returns and Close commits the stored offset of the failed
// message as well. This synchronous loop has a narrow window (low severity);
// the fix is enable.auto.offset.store=false plus StoreMessage after processing
// (confluent/storeafter) or enable.auto.commit=false plus CommitMessage
// (confluent/manualcommit).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

type invoice struct {
	InvoiceID string `json:"invoice_id"`
	Customer  string `json:"customer"`
	TotalCts  int64  `json:"total_cents"`
}

type archiver struct {
	pool *pgxpool.Pool
}

func (a *archiver) archive(ctx context.Context, msg *kafka.Message) error {
	var inv invoice
	if err := json.Unmarshal(msg.Value, &inv); err != nil {
		return fmt.Errorf("decode %s: %w", msg.TopicPartition, err)
	}
	_, err := a.pool.Exec(ctx,
		`INSERT INTO invoice_archive (invoice_id, customer, total_cents, raw) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (invoice_id) DO NOTHING`, inv.InvoiceID, inv.Customer, inv.TotalCts, msg.Value)
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

	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // finding: autocommit auto-store-on-delivery
		"bootstrap.servers": demo.Bootstrap(),
		"group.id":          "invoice-archiver",
		"auto.offset.reset": "earliest",
	})
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()

	if err := c.SubscribeTopics([]string{"invoices"}, nil); err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}

	a := &archiver{pool: pool}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			var kerr kafka.Error
			switch {
			case !errors.As(err, &kerr) || kerr.IsFatal():
				return fmt.Errorf("read message: %w", err)
			case !kerr.IsTimeout():
				log.Printf("consumer error: %v", err)
			}
			continue
		}
		if err := a.archive(ctx, msg); err != nil {
			return fmt.Errorf("archive %s: %w", msg.TopicPartition, err)
		}
	}
	return nil
}
