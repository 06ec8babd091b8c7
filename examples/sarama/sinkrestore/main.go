// Command sinkrestore credits wallets in PostgreSQL from the "wallet-credits"
// topic with a sarama consumer group, keeping its position in the same
// database.
//
// CORRECT (no finding). ConsumeClaim applies each message in one pgx
// transaction that inserts the credit and upserts
// consumer_offsets.next_offset to offset + 1 (only forward): both commit or
// neither does. Setup runs before the claims start, and a claim starts from
// its partition offset manager's position, so Setup sets that position from
// next_offset for every claimed partition: MarkOffset only moves it forward
// and ResetOffset only back, so it calls both. A restart or rebalance
// resumes exactly after the last applied message (effectively-once, scoped
// to PostgreSQL). Marking after the transaction lets sarama's auto-commit
// (on, every 1s) send the positions to Kafka too, for lag only; they are
// never read back, since Setup overrides them.
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
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

const (
	group = "wallet-crediter-sarama"
	topic = "wallet-credits"

	insertCredit = `INSERT INTO wallet_credits (credit_id, wallet, cents) VALUES ($1, $2, $3)`
	saveOffset   = `INSERT INTO consumer_offsets (group_id, topic, partition, next_offset) VALUES ($1, $2, $3, $4)
		ON CONFLICT (group_id, topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset
		WHERE consumer_offsets.next_offset < EXCLUDED.next_offset`
	loadOffset = `SELECT next_offset FROM consumer_offsets WHERE group_id = $1 AND topic = $2 AND partition = $3`
)

type credit struct {
	CreditID string `json:"credit_id"`
	Wallet   string `json:"wallet"`
	Cents    int64  `json:"cents"`
}

type creditHandler struct {
	pool *pgxpool.Pool
}

// Setup starts every claimed partition from the position in the database.
func (h *creditHandler) Setup(sess sarama.ConsumerGroupSession) error {
	for t, partitions := range sess.Claims() {
		for _, p := range partitions {
			var next int64
			err := h.pool.QueryRow(sess.Context(), loadOffset, group, t, p).Scan(&next)
			if errors.Is(err, pgx.ErrNoRows) {
				continue // never applied a message: start where the group would
			}
			if err != nil {
				return fmt.Errorf("load offset %s/%d: %w", t, p, err)
			}
			sess.MarkOffset(t, p, next, "")
			sess.ResetOffset(t, p, next, "")
		}
	}
	return nil
}

func (h *creditHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *creditHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx := sess.Context()
	for msg := range claim.Messages() {
		if err := h.apply(ctx, msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// apply writes the credit and the next offset in one transaction.
func (h *creditHandler) apply(ctx context.Context, msg *sarama.ConsumerMessage) error {
	var c credit
	if err := json.Unmarshal(msg.Value, &c); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
	}
	tx, err := h.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after Commit
	if _, err := tx.Exec(ctx, insertCredit, c.CreditID, c.Wallet, c.Cents); err != nil {
		return fmt.Errorf("insert credit %s: %w", c.CreditID, err)
	}
	if _, err := tx.Exec(ctx, saveOffset, group, msg.Topic, msg.Partition, msg.Offset+1); err != nil {
		return fmt.Errorf("save offset %s/%d: %w", msg.Topic, msg.Partition, err)
	}
	return tx.Commit(ctx)
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

	g, err := sarama.NewConsumerGroup(demo.Brokers(), group, config)
	if err != nil {
		return fmt.Errorf("new consumer group: %w", err)
	}
	defer g.Close()

	h := &creditHandler{pool: pool}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{topic}, h); err != nil {
			if errors.Is(err, sarama.ErrClosedConsumerGroup) {
				return nil
			}
			return fmt.Errorf("consume: %w", err)
		}
	}
	return nil
}
