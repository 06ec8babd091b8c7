// Command commitfirst writes loyalty-point awards from the "loyalty-awards"
// topic to PostgreSQL using a confluent-kafka-go consumer with explicit
// commits.
//
// BUG (ordering commit-before-process): auto-commit is off and the code
// commits each message with CommitMessage, but before crediting the points.
// CommitMessage blocks until the broker has the offset, so a crash while
// the points are credited loses the award (at-most-once).
// Twin: confluent/manualcommit.
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
		if _, err := c.CommitMessage(msg); err != nil { // finding: ordering commit-before-process
			return fmt.Errorf("commit %s: %w", msg.TopicPartition, err)
		}
		if err := l.award(ctx, msg); err != nil {
			return fmt.Errorf("award %s: %w", msg.TopicPartition, err)
		}
	}
	return nil
}
