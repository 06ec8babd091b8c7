// Command lowwater records card payments from the "payments" topic in
// PostgreSQL with sarama, writing up to 16 messages of a claim at a time.
//
// CORRECT (no finding); twin of sarama/pergoroutine. No goroutine marks its
// own message: ConsumeClaim starts each offset in a lowwater.Tracker, in
// order, and a goroutine that has written its row marks what Done returns,
// the smallest offset still in flight (the low-water mark), so the committed
// offset never passes an unwritten message. MarkOffset is forward-only, so
// marks may arrive in any order. A failed write is never reported done and
// stops the claim: it is read again (at-least-once). commitlint recognises
// the tracker of package lowwater; a hand-written one is not proven to
// return a low-water mark, and the report then says unknown.
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
	"github.com/offsetcommit/commitlint/lowwater"
)

type recorder struct{ pool *pgxpool.Pool }

func (r *recorder) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (r *recorder) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r *recorder) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx, cancel := context.WithCancelCause(sess.Context())
	defer cancel(nil)
	tr, sem := lowwater.New(), make(chan struct{}, 16)
	var wg sync.WaitGroup
	defer wg.Wait()
	for msg := range claim.Messages() {
		if ctx.Err() != nil {
			return context.Cause(ctx) // a write failed: stop, the session ends
		}
		tp := lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}
		if err := tr.Start(tp, msg.Offset); err != nil {
			return fmt.Errorf("track %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := r.record(ctx, msg); err != nil {
				cancel(fmt.Errorf("record %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err))
				return
			}
			if next, ok := tr.Done(tp, msg.Offset); ok {
				sess.MarkOffset(msg.Topic, msg.Partition, next, "")
			}
		}()
	}
	return nil
}

func (r *recorder) record(ctx context.Context, m *sarama.ConsumerMessage) error {
	var p struct {
		PaymentID   string `json:"payment_id"`
		Account     string `json:"account"`
		AmountCents int64  `json:"amount_cents"`
	}
	if err := json.Unmarshal(m.Value, &p); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	_, err := r.pool.Exec(ctx, `INSERT INTO payments (payment_id, account, amount_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (payment_id) DO NOTHING`, p.PaymentID, p.Account, p.AmountCents)
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
	group, err := sarama.NewConsumerGroup(demo.Brokers(), "payment-recorder", sarama.NewConfig())
	if err != nil {
		log.Fatalf("new consumer group: %v", err)
	}
	defer group.Close()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"payments"}, &recorder{pool: pool}); errors.Is(err, sarama.ErrClosedConsumerGroup) {
			return
		} else if err != nil {
			log.Printf("consume: %v", err)
		}
	}
}
