// Command genfirst projects order statuses from the "orders" topic into
// PostgreSQL with kafka-go's low-level consumer-group API: each generation
// of the "order-status-gen" group starts one goroutine per assigned
// partition (Generation.Start), which reads its partition with a Reader
// outside the group, from the offset the group committed, and keeps the
// group's position with Generation.CommitOffsets.
//
// BUG (ordering commit-before-process): each message's offset + 1 is
// committed before its status is written, "so a slow database does not
// hold up the group". A crash between the two (or a failed write, which
// ends the generation) leaves the group's offset past a status that was
// never written, and the partition's next reader starts after it
// (at-most-once: the update is lost). The fix commits after the write.
// Twin: kafkago/genafter.
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

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/segmentio/kafka-go"
)

const (
	group = "order-status-gen"
	topic = "orders"
)

type orderEvent struct {
	OrderID string `json:"order_id"`
	Status  string `json:"status"`
}

// project writes the order's latest status.
func project(ctx context.Context, pool *pgxpool.Pool, m kafka.Message) error {
	var e orderEvent
	if err := json.Unmarshal(m.Value, &e); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
	}
	_, err := pool.Exec(ctx,
		`INSERT INTO order_status (order_id, status, updated_at) VALUES ($1, $2, now())
		 ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
		e.OrderID, e.Status)
	return err
}

// consume reads one assigned partition until the generation ends (ctx then
// fails with kafka.ErrGenerationEnded) or a write fails.
func consume(ctx context.Context, gen *kafka.Generation, pool *pgxpool.Pool, p kafka.PartitionAssignment) error {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:   demo.Brokers(),
		Topic:     topic,
		Partition: p.ID,
	})
	defer r.Close()
	if err := r.SetOffset(p.Offset); err != nil {
		return fmt.Errorf("seek %s/%d to %d: %w", topic, p.ID, p.Offset, err)
	}
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := gen.CommitOffsets(map[string]map[int]int64{topic: {p.ID: m.Offset + 1}}); err != nil { // finding: ordering commit-before-process
			return fmt.Errorf("commit %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
		}
		if err := project(ctx, pool, m); err != nil {
			return fmt.Errorf("project %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
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

	cg, err := kafka.NewConsumerGroup(kafka.ConsumerGroupConfig{
		ID:      group,
		Brokers: demo.Brokers(),
		Topics:  []string{topic},
	})
	if err != nil {
		return fmt.Errorf("new consumer group: %w", err)
	}
	defer cg.Close() // ends the current generation and waits for its goroutines

	for {
		gen, err := cg.Next(ctx)
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, kafka.ErrGroupClosed) {
				return nil
			}
			log.Printf("join %s: %v", group, err) // the group backs off and joins again
			continue
		}
		for _, p := range gen.Assignments[topic] {
			// A goroutine that returns ends the generation: the group
			// rejoins and every partition resumes from its committed offset.
			gen.Start(func(ctx context.Context) {
				if err := consume(ctx, gen, pool, p); err != nil && !errors.Is(err, kafka.ErrGenerationEnded) {
					log.Printf("partition %d: %v", p.ID, err)
				}
			})
		}
	}
}
