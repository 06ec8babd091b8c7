// Command nocommit records shipment scans from the "shipment-scans" topic in
// PostgreSQL using a sarama consumer group with auto-commit turned off.
//
// BUG (autocommit marks-discarded). The config sets
// Consumer.Offsets.AutoCommit.Enable = false, and the handler calls
// session.MarkMessage after each write, but nothing ever calls
// session.Commit(). MarkMessage only updates memory; with Enable=false the
// ticker never sends those marks, and at session end (every rebalance and
// shutdown) the offset manager's Close flushes marks only if Enable is true,
// so the marks are discarded. The group never commits any offset: every
// restart or rebalance re-reads the partitions from Consumer.Offsets.Initial
// (the whole retained log here) or from a stale commit, and the group's lag
// only grows. The fix is session.Commit() before ConsumeClaim returns (or in
// Cleanup for the eager strategy), or leaving auto-commit on.
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

	"github.com/IBM/sarama"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

type scan struct {
	ShipmentID string `json:"shipment_id"`
	Depot      string `json:"depot"`
	ScannedAt  string `json:"scanned_at"`
}

type scanHandler struct {
	pool *pgxpool.Pool
}

func (h *scanHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *scanHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *scanHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx := sess.Context()
	for msg := range claim.Messages() {
		var s scan
		if err := json.Unmarshal(msg.Value, &s); err != nil {
			return fmt.Errorf("decode %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
		}
		if _, err := h.pool.Exec(ctx,
			`INSERT INTO shipment_scans (shipment_id, depot, scanned_at) VALUES ($1, $2, $3)
			 ON CONFLICT DO NOTHING`, s.ShipmentID, s.Depot, s.ScannedAt); err != nil {
			return fmt.Errorf("insert scan %s: %w", s.ShipmentID, err)
		}
		sess.MarkMessage(msg, "")
		if ctx.Err() != nil {
			return nil
		}
	}
	return nil
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

	config := sarama.NewConfig()
	config.Version = sarama.V3_6_0_0
	config.Consumer.Offsets.Initial = sarama.OffsetOldest
	config.Consumer.Offsets.AutoCommit.Enable = false // finding: autocommit marks-discarded
	config.Consumer.Return.Errors = true

	group, err := sarama.NewConsumerGroup(demo.Brokers(), "shipment-scan-recorder", config)
	if err != nil {
		return fmt.Errorf("new consumer group: %w", err)
	}
	defer group.Close()

	go func() {
		for err := range group.Errors() {
			log.Printf("consumer group error: %v", err)
		}
	}()

	h := &scanHandler{pool: pool}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"shipment-scans"}, h); err != nil {
			if errors.Is(err, sarama.ErrClosedConsumerGroup) {
				return nil
			}
			return fmt.Errorf("consume: %w", err)
		}
	}
	return nil
}
