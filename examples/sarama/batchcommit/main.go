// Command batchcommit records shipment scans from the "shipment-scans" topic
// in PostgreSQL using a sarama consumer group with auto-commit turned off,
// committing every commitEvery messages "to save round trips".
//
// BUG (autocommit marks-discarded): with AutoCommit.Enable = false sarama
// sends marks only from session.Commit(), and this handler calls it only
// when a counter reaches commitEvery. Nothing commits the marks made since
// the last Commit when ConsumeClaim returns, and sarama discards them at
// session end (offset_manager.go: Close flushes only while auto-commit is
// on), so every rebalance and every deploy makes the partition's next owner
// replay up to commitEvery-1 scans (duplicates). The fix defers
// session.Commit() at the top of ConsumeClaim, as sarama/manualcommit does.
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

const commitEvery = 100

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
	pending := 0
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
		if pending++; pending >= commitEvery {
			sess.Commit()
			pending = 0
		}
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

	group, err := sarama.NewConsumerGroup(demo.Brokers(), "shipment-scan-batcher", config)
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
