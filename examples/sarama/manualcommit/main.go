// Command manualcommit records shipment scans from the "shipment-scans" topic
// in PostgreSQL using a sarama consumer group with auto-commit turned off and
// explicit commits.
//
// CORRECT (no finding); twin of sarama/nocommit. AutoCommit.Enable is false,
// so marks are sent only by session.Commit(). The handler writes each scan,
// then marks it (msg.Offset+1), calls session.Commit() every commitEvery
// messages, and defers session.Commit() so the remaining marks are flushed
// before ConsumeClaim returns, which is what the reference requires for both
// the eager and the cooperative strategy when Enable=false. Commit() is
// synchronous and returns nothing; commit errors reach group.Errors() because
// Consumer.Return.Errors is true, and they are drained and logged. Processing
// precedes marking, so a crash replays at most one commit batch
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
	defer sess.Commit()

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
	config.Consumer.Offsets.AutoCommit.Enable = false
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
