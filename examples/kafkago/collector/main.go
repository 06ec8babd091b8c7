// Command collector archives audit events from the "audit" topic to
// PostgreSQL with kafka-go: four workers write, and one committer commits
// what they report done.
//
// BUG (hiwater arrival-order-commit). The workers share the fetched
// messages, so messages of a partition are written concurrently and finish
// out of order; the committer commits each one as it arrives. When offset 61
// arrives first, CommitMessages commits 62 while offset 50 is still being
// written: a crash then loses 50. kafka-go commits are last-write-wins (the
// reader's CommitInterval is 0: each call commits), so when 50 arrives the
// position goes back to 51 and a restart replays 51..61 (duplicates). The fix
// starts a single worker, so completions arrive in offset order; keeping
// four needs a low-water-mark tracker (see confluent/lowwater).
package main

import (
	"context"
	"encoding/json"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/segmentio/kafka-go"
)

const workers = 4

func archive(ctx context.Context, pool *pgxpool.Pool, m kafka.Message) error {
	var ev struct {
		Actor  string `json:"actor"`
		Action string `json:"action"`
	}
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `INSERT INTO audit_log (topic, part, off, actor, action) VALUES ($1, $2, $3, $4, $5)
		 ON CONFLICT DO NOTHING`, m.Topic, m.Partition, m.Offset, ev.Actor, ev.Action)
	return err
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatalf("connect db: %v", err)
	}
	defer pool.Close()
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers: demo.Brokers(),
		GroupID: "audit-archiver",
		Topic:   "audit",
	})
	defer r.Close()

	jobs := make(chan kafka.Message)
	done := make(chan kafka.Message, workers)
	for i := 0; i < workers; i++ {
		go func() {
			for m := range jobs {
				if err := archive(ctx, pool, m); err != nil {
					log.Printf("archive %s/%d@%d: %v", m.Topic, m.Partition, m.Offset, err)
					stop()
					return
				}
				done <- m
			}
		}()
	}
	go func() {
		for m := range done {
			if err := r.CommitMessages(ctx, m); err != nil { // finding: hiwater arrival-order-commit
				log.Printf("commit %s/%d@%d: %v", m.Topic, m.Partition, m.Offset, err)
			}
		}
	}()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			close(jobs)
			return
		}
		jobs <- m
	}
}
