// Command shiplowwater records card payments from the "payments" topic in
// PostgreSQL with a sarama consumer group, through an asynchronous
// shipper: ConsumeClaim queues each message and moves on, and the
// shipper's senders (8 goroutines, as a bulk client has) write the rows
// and call each message's completion callback once its row is written.
//
// CORRECT (no finding); twin of sarama/shipcallback. No callback marks its
// own message: ConsumeClaim starts each offset in a lowwater.Tracker, in
// order, before queuing it, and a callback whose row is written marks what
// Done returns, the smallest offset still in flight (the low-water mark),
// so the committed offset never passes an unwritten message, whatever the
// order the callbacks run in. A failed write is never reported done: the
// marks stop below it and a restart writes it again (at-least-once).
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
	"github.com/offsetcommit/commitlint/lowwater"
)

// shipment is a payload queued for the shipper with its completion.
type shipment struct {
	payload []byte
	done    func(error)
}

// shipper writes payments from its own goroutines: Ship queues a payload
// and returns, and done runs later on a sender, with the write's error.
type shipper struct {
	pool  *pgxpool.Pool
	queue chan shipment
}

func newShipper(ctx context.Context, pool *pgxpool.Pool, senders int) *shipper {
	s := &shipper{pool: pool, queue: make(chan shipment, 256)}
	for range senders {
		go func() {
			for sh := range s.queue {
				sh.done(s.write(ctx, sh.payload))
			}
		}()
	}
	return s
}

// Ship queues payload; done is called once it is written or has failed.
func (s *shipper) Ship(payload []byte, done func(error)) {
	s.queue <- shipment{payload: payload, done: done}
}

func (s *shipper) write(ctx context.Context, payload []byte) error {
	var p struct {
		PaymentID   string `json:"payment_id"`
		Account     string `json:"account"`
		AmountCents int64  `json:"amount_cents"`
	}
	if err := json.Unmarshal(payload, &p); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO payments (payment_id, account, amount_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (payment_id) DO NOTHING`, p.PaymentID, p.Account, p.AmountCents)
	return err
}

type recorder struct{ ship *shipper }

func (r *recorder) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (r *recorder) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r *recorder) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	tr := lowwater.New()
	for msg := range claim.Messages() {
		tp := lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}
		if err := tr.Start(tp, msg.Offset); err != nil {
			return fmt.Errorf("track %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
		}
		r.ship.Ship(msg.Value, func(err error) {
			if err != nil {
				log.Printf("ship %s/%d@%d: %v", msg.Topic, msg.Partition, msg.Offset, err)
				return
			}
			if next, ok := tr.Done(tp, msg.Offset); ok {
				sess.MarkOffset(msg.Topic, msg.Partition, next, "")
			}
		})
	}
	return nil
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatalf("connect db: %v", err)
	}
	defer pool.Close()
	group, err := sarama.NewConsumerGroup(demo.Brokers(), "payment-shipper", sarama.NewConfig())
	if err != nil {
		log.Fatalf("new consumer group: %v", err)
	}
	defer group.Close()
	h := &recorder{ship: newShipper(ctx, pool, 8)}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"payments"}, h); errors.Is(err, sarama.ErrClosedConsumerGroup) {
			return
		} else if err != nil {
			log.Printf("consume: %v", err)
		}
	}
}
