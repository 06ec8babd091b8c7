// Command commitfirst records parcel weights from the "parcel-weights" topic
// in PostgreSQL using a sarama consumer group with auto-commit turned off.
//
// BUG (ordering commit-before-process): with AutoCommit.Enable=false a mark
// is only sent by session.Commit(), and ConsumeClaim marks the message and
// calls Commit right after, before the INSERT (another claim's Commit
// would send the mark too). Commit is synchronous: the broker holds
// msg.Offset+1 before the row is written, so a crash (or a failed INSERT
// that ends the session) loses the message (at-most-once). The finding is
// at the mark, whose move after the INSERT leaves Commit nothing of this
// message to send. Twin: sarama/manualcommit, which writes, marks, and
// commits in batches.
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

type weight struct {
	ParcelID string  `json:"parcel_id"`
	Grams    float64 `json:"grams"`
}

type weightHandler struct {
	pool *pgxpool.Pool
}

func (h *weightHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *weightHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *weightHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx := sess.Context()
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // finding: ordering commit-before-process
		sess.Commit()
		var w weight
		if err := json.Unmarshal(msg.Value, &w); err != nil {
			return fmt.Errorf("decode %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
		}
		if _, err := h.pool.Exec(ctx,
			`INSERT INTO parcel_weights (parcel_id, grams) VALUES ($1, $2)
			 ON CONFLICT (parcel_id) DO UPDATE SET grams = EXCLUDED.grams`, w.ParcelID, w.Grams); err != nil {
			return fmt.Errorf("insert weight %s: %w", w.ParcelID, err)
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
	config.Consumer.Offsets.AutoCommit.Enable = false
	config.Consumer.Offsets.Initial = sarama.OffsetOldest
	config.Consumer.Return.Errors = true

	group, err := sarama.NewConsumerGroup(demo.Brokers(), "parcel-weights", config)
	if err != nil {
		return fmt.Errorf("new consumer group: %w", err)
	}
	defer group.Close()

	go func() {
		for err := range group.Errors() {
			log.Printf("consumer group error: %v", err)
		}
	}()

	h := &weightHandler{pool: pool}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"parcel-weights"}, h); err != nil {
			if errors.Is(err, sarama.ErrClosedConsumerGroup) {
				return nil
			}
			return fmt.Errorf("consume: %w", err)
		}
	}
	return nil
}
