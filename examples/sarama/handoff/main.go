// Command handoff projects order-status events from the "orders" topic
// into PostgreSQL using a sarama consumer group, writing them from a
// worker goroutine fed by a buffered channel.
//
// BUG (ordering commit-before-process): ConsumeClaim hands each message to
// the worker's channel and marks it at once. The send is not the write:
// with sarama's default auto-commit (on, every 1s) the ticker commits
// offsets of messages still waiting in the channel's buffer, and a crash
// then loses them (at-most-once). The fix marks the message in the
// worker, after its row is written. Twin: sarama/markafter.
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/IBM/sarama"
	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

type orderEvent struct {
	OrderID string `json:"order_id"`
	Status  string `json:"status"`
}

type projector struct {
	db *sql.DB
}

func (p *projector) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (p *projector) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (p *projector) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	pending := make(chan *sarama.ConsumerMessage, 256)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range pending {
			if err := p.apply(sess.Context(), m); err != nil {
				log.Printf("apply %s/%d@%d: %v", m.Topic, m.Partition, m.Offset, err)
			}
		}
	}()
	defer func() {
		close(pending)
		<-done
	}()
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			pending <- msg
			sess.MarkMessage(msg, "") // finding: ordering commit-before-process
		case <-sess.Context().Done():
			return nil
		}
	}
}

func (p *projector) apply(ctx context.Context, msg *sarama.ConsumerMessage) error {
	var ev orderEvent
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	_, err := p.db.ExecContext(ctx,
		`INSERT INTO order_status (order_id, status, updated_at) VALUES ($1, $2, now())
		 ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
		ev.OrderID, ev.Status)
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
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		return fmt.Errorf("open db: %w", err)
	}
	defer db.Close()

	config := sarama.NewConfig()
	config.Version = sarama.V3_6_0_0
	config.Consumer.Offsets.Initial = sarama.OffsetOldest
	config.Consumer.Return.Errors = true

	group, err := sarama.NewConsumerGroup(demo.Brokers(), "order-status-projector", config)
	if err != nil {
		return fmt.Errorf("new consumer group: %w", err)
	}
	defer group.Close()

	go func() {
		for err := range group.Errors() {
			log.Printf("consumer group error: %v", err)
		}
	}()

	h := &projector{db: db}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"orders"}, h); err != nil {
			if errors.Is(err, sarama.ErrClosedConsumerGroup) {
				return nil
			}
			return fmt.Errorf("consume: %w", err)
		}
	}
	return nil
}
