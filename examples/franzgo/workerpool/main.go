// Command workerpool indexes invoices from the "invoices" topic into
// PostgreSQL with a pool of eight workers fed by a franz-go poll loop.
//
// BUG (hiwater concurrent-commit). kgo.AutoCommitMarks() makes the 5s
// auto-commit commit only marked records, and each worker marks the record
// it has just indexed. The workers share one channel, so records of a
// partition are indexed concurrently and finish out of order: a worker marks
// offset 61 (committing 62) while another still indexes offset 50. franz-go
// marks are forward-only, so 50's own mark is dropped when it comes, and a
// crash in between loses offset 50: the group resumes at 62. The fix starts
// a single worker, which indexes the records in channel (offset) order;
// keeping eight needs a low-water-mark tracker (see sarama/lowwater).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/twmb/franz-go/pkg/kgo"
)

const workers = 8

type invoice struct {
	InvoiceID string `json:"invoice_id"`
	Customer  string `json:"customer"`
	TotalCts  int64  `json:"total_cents"`
}

func index(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	var inv invoice
	if err := json.Unmarshal(r.Value, &inv); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	_, err := pool.Exec(ctx,
		`INSERT INTO invoice_index (invoice_id, customer, total_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (invoice_id) DO UPDATE SET customer = EXCLUDED.customer, total_cents = EXCLUDED.total_cents`,
		inv.InvoiceID, inv.Customer, inv.TotalCts)
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

	cl, err := kgo.NewClient(
		kgo.SeedBrokers(demo.Brokers()...),
		kgo.ConsumerGroup("invoice-indexer"),
		kgo.ConsumeTopics("invoices"),
		kgo.AutoCommitMarks(),
	)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

	jobs := make(chan *kgo.Record, 256)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range jobs {
				if err := index(ctx, pool, r); err != nil {
					log.Printf("index %s/%d@%d: %v", r.Topic, r.Partition, r.Offset, err)
					continue
				}
				cl.MarkCommitRecords(r) // finding: hiwater concurrent-commit
			}
		}()
	}
	defer wg.Wait()
	defer close(jobs)

	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachError(func(topic string, partition int32, err error) {
			log.Printf("fetch error %s/%d: %v", topic, partition, err)
		})
		fetches.EachRecord(func(r *kgo.Record) { jobs <- r })
	}
}
