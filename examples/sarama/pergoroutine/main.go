// Command pergoroutine records card payments from the "payments" topic in
// PostgreSQL with a sarama consumer group, one goroutine per message.
//
// BUG (hiwater concurrent-commit). ConsumeClaim starts a goroutine for every
// message (at most 16 at a time) and each goroutine marks its own message
// once its row is written. The messages of a claim (one partition) finish
// out of order: the goroutine for offset 61 can mark 62 while the one for
// offset 50 is still writing. sarama marks are forward-only, so the
// auto-commit timer (1s) commits 62, and when 50 finishes its mark of 51 is
// dropped. A crash in between loses offset 50 for good: the group resumes
// at 62. The fix removes the go statement, so the claim's goroutine (sarama
// already runs one per partition) writes one message at a time; keeping the
// concurrency needs a low-water-mark tracker (sarama/lowwater).
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

	"github.com/IBM/sarama"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

type payment struct {
	PaymentID   string `json:"payment_id"`
	Account     string `json:"account"`
	AmountCents int64  `json:"amount_cents"`
}

type recorder struct {
	pool *pgxpool.Pool
	sem  chan struct{}
}

func (r *recorder) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (r *recorder) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r *recorder) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var wg sync.WaitGroup
	defer wg.Wait()
	for msg := range claim.Messages() {
		r.sem <- struct{}{}
		wg.Add(1)
		go func(m *sarama.ConsumerMessage) {
			defer wg.Done()
			defer func() { <-r.sem }()
			if err := r.record(sess.Context(), m); err != nil {
				log.Printf("record %s/%d@%d: %v", m.Topic, m.Partition, m.Offset, err)
				return
			}
			sess.MarkMessage(m, "") // finding: hiwater concurrent-commit
		}(msg)
	}
	return nil
}

func (r *recorder) record(ctx context.Context, m *sarama.ConsumerMessage) error {
	var p payment
	if err := json.Unmarshal(m.Value, &p); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	_, err := r.pool.Exec(ctx,
		`INSERT INTO payments (payment_id, account, amount_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (payment_id) DO NOTHING`, p.PaymentID, p.Account, p.AmountCents)
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

	config := sarama.NewConfig()
	config.Consumer.Offsets.Initial = sarama.OffsetOldest
	group, err := sarama.NewConsumerGroup(demo.Brokers(), "payment-recorder", config)
	if err != nil {
		return fmt.Errorf("new consumer group: %w", err)
	}
	defer group.Close()

	h := &recorder{pool: pool, sem: make(chan struct{}, 16)}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"payments"}, h); err != nil {
			if errors.Is(err, sarama.ErrClosedConsumerGroup) {
				return nil
			}
			return fmt.Errorf("consume: %w", err)
		}
	}
	return nil
}
