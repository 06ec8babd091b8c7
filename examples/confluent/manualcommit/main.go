// Command manualcommit writes loyalty-point awards from the "loyalty-awards"
// topic to PostgreSQL using a confluent-kafka-go consumer with explicit,
// synchronous commits.
//
// CORRECT (no finding). enable.auto.commit is false, so no background timer
// commits and Close commits nothing. (Auto-store still runs, but only
// Commit() would send the stored offsets, and this code never calls it.) After
// the points are credited, CommitMessage commits the message's offset + 1;
// it blocks, and its error is checked. A crash between the update and the
// commit replays one message (at-least-once). Every processed message is
// committed before the next ReadMessage, where a rebalance callback would run,
// so nothing processed is left uncommitted at a revoke.
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
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

type award struct {
	AwardID  string `json:"award_id"`
	MemberID string `json:"member_id"`
	Points   int    `json:"points"`
}

type loyalty struct {
	pool *pgxpool.Pool
}

func (l *loyalty) award(ctx context.Context, msg *kafka.Message) error {
	var a award
	if err := json.Unmarshal(msg.Value, &a); err != nil {
		return fmt.Errorf("decode %s: %w", msg.TopicPartition, err)
	}
	_, err := l.pool.Exec(ctx,
		`UPDATE loyalty_accounts SET points = points + $1 WHERE member_id = $2`,
		a.Points, a.MemberID)
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

	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  demo.Bootstrap(),
		"group.id":           "loyalty-awarder",
		"auto.offset.reset":  "earliest",
		"enable.auto.commit": false,
	})
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()

	if err := c.SubscribeTopics([]string{"loyalty-awards"}, nil); err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}

	l := &loyalty{pool: pool}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			var kerr kafka.Error
			switch {
			case !errors.As(err, &kerr) || kerr.IsFatal():
				return fmt.Errorf("read message: %w", err)
			case !kerr.IsTimeout():
				log.Printf("consumer error: %v", err)
			}
			continue
		}
		if err := l.award(ctx, msg); err != nil {
			return fmt.Errorf("award %s: %w", msg.TopicPartition, err)
		}
		if _, err := c.CommitMessage(msg); err != nil {
			return fmt.Errorf("commit %s: %w", msg.TopicPartition, err)
		}
	}
	return nil
}
