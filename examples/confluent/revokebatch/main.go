// Command revokebatch aggregates meter readings from the "meter-readings"
// topic into hourly totals in PostgreSQL, committing offsets every 500
// messages with a confluent-kafka-go consumer.
//
// BUG (fencing revoke-without-commit): enable.auto.commit is off and the loop
// commits only every 500 messages, but the rebalance callback handles
// RevokedPartitions without committing. Up to 499 processed readings per
// partition are uncommitted when the partitions move, so at every rebalance
// and every deploy their next owner adds them to the totals again
// (duplicates). Twin: confluent/revokecommit.
package main

import (
	"context"
	"encoding/json"
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

const commitEvery = 500

type reading struct {
	Meter string    `json:"meter"`
	KWh   float64   `json:"kwh"`
	At    time.Time `json:"at"`
}

func onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		log.Printf("assigned %v", e.Partitions)
	case kafka.RevokedPartitions: // finding: fencing revoke-without-commit
		log.Printf("revoked %v", e.Partitions)
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

	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  demo.Bootstrap(),
		"group.id":           "meter-aggregator",
		"enable.auto.commit": false,
	})
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"meter-readings"}, onRebalance); err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}

	n := 0
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue // timeouts
		}
		var r reading
		if err := json.Unmarshal(msg.Value, &r); err != nil {
			return fmt.Errorf("decode %s: %w", msg.TopicPartition, err)
		}
		if _, err := pool.Exec(ctx,
			`INSERT INTO hourly_kwh (meter, hour, kwh) VALUES ($1, date_trunc('hour', $2::timestamptz), $3)
			 ON CONFLICT (meter, hour) DO UPDATE SET kwh = hourly_kwh.kwh + EXCLUDED.kwh`,
			r.Meter, r.At, r.KWh); err != nil {
			return fmt.Errorf("aggregate %s: %w", msg.TopicPartition, err)
		}
		if n++; n%commitEvery == 0 {
			if _, err := c.Commit(); err != nil {
				return fmt.Errorf("commit: %w", err)
			}
		}
	}
	return nil
}
