// Command perpartition indexes invoices from the "invoices" topic into
// PostgreSQL with franz-go, one goroutine per partition of each poll.
//
// CORRECT (no finding); twin of franzgo/workerpool. This is franz-go's
// goroutine-per-partition shape: each poll's records are split by partition,
// and one goroutine indexes a partition's records in offset order, then
// commits them with CommitRecords (the highest + 1, synchronously, auto-commit
// disabled). Partitions run concurrently, but records of one partition never
// do, and the loop waits for every goroutine before polling again, so no two
// commits of a partition race. A goroutine that fails commits nothing and the
// loop stops: the failed record and those after it are read again
// (at-least-once).
package main

import (
	"context"
	"encoding/json"
	"errors"
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

func index(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	var inv struct {
		InvoiceID string `json:"invoice_id"`
		Customer  string `json:"customer"`
		TotalCts  int64  `json:"total_cents"`
	}
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
		kgo.DisableAutoCommit(),
	)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			errs []error
		)
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := func() error {
					for _, r := range p.Records {
						if err := index(ctx, pool, r); err != nil {
							return fmt.Errorf("index %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
						}
					}
					return cl.CommitRecords(ctx, p.Records...)
				}()
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}()
		})
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return err
		}
	}
}
