// Command fanoutmarks stores sensor readings from the "readings" topic in
// PostgreSQL with franz-go, one goroutine per record of each poll; readings
// that cannot be stored go to a dead-letter table.
//
// BUG (hiwater concurrent-commit). kgo.AutoCommitMarks() makes the 5s
// auto-commit commit only marked records, and every goroutine marks its own
// record when it is done. The loop waits for the goroutines before polling
// again, but the marks are made while the batch runs: the goroutine for
// offset 61 marks it (62) while the one for offset 50 still writes, and the
// timer can commit 62 at that moment. franz-go marks are forward-only, so
// 50's own mark is then dropped, and a crash in between loses offset 50. The
// fix marks the whole batch after wg.Wait(), when every record is stored
// (each goroutine marks unconditionally, so the batch mark covers the same
// records).
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

type store struct{ pool *pgxpool.Pool }

func (s *store) save(ctx context.Context, r *kgo.Record) {
	var rd struct {
		Sensor string  `json:"sensor"`
		Value  float64 `json:"value"`
		At     string  `json:"at"`
	}
	err := json.Unmarshal(r.Value, &rd)
	if err == nil {
		_, err = s.pool.Exec(ctx, `INSERT INTO readings (sensor, value, at) VALUES ($1, $2, $3)
			 ON CONFLICT DO NOTHING`, rd.Sensor, rd.Value, rd.At)
	}
	if err != nil {
		if _, dlErr := s.pool.Exec(ctx, `INSERT INTO readings_dead_letter (topic, part, off, payload, reason)
			 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, r.Topic, r.Partition, r.Offset, r.Value, err.Error()); dlErr != nil {
			log.Printf("dead-letter %s/%d@%d: %v", r.Topic, r.Partition, r.Offset, dlErr)
		}
	}
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
	s := &store{pool: pool}

	cl, err := kgo.NewClient(
		kgo.SeedBrokers(demo.Brokers()...),
		kgo.ConsumerGroup("reading-store"),
		kgo.ConsumeTopics("readings"),
		kgo.AutoCommitMarks(),
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
		var wg sync.WaitGroup
		fetches.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.save(ctx, r)
				cl.MarkCommitRecords(r) // finding: hiwater concurrent-commit
			}()
		})
		wg.Wait()
	}
}
