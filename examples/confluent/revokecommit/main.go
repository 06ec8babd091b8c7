// Command revokecommit aggregates meter readings from the "meter-readings"
// topic into hourly totals in PostgreSQL, committing offsets every 500
// messages with a confluent-kafka-go consumer.
//
// CORRECT (no finding); twin of confluent/revokebatch. enable.auto.commit is
// off, and so is enable.auto.offset.store: the loop stores each message's
// offset once it is aggregated, and commits the stored offsets every 500
// messages. The rebalance callback commits them too on RevokedPartitions,
// unless the assignment was lost (the commit would be rejected). It runs
// inside ReadMessage between two messages, or inside Close, which polls out
// the messages librdkafka prefetched as the consumer leaves its group: with
// auto-store on, those would be stored as they are handed over and
// committed unprocessed; stored by the code, only aggregated messages are.
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
	case kafka.RevokedPartitions:
		if !c.AssignmentLost() {
			if _, err := c.Commit(); err != nil {
				log.Printf("commit on revoke of %v: %v", e.Partitions, err)
			}
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

	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        demo.Bootstrap(),
		"group.id":                 "meter-aggregator",
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
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
		if _, err := c.StoreMessage(msg); err != nil {
			log.Printf("store offset: %v", err)
		}
		if n++; n%commitEvery == 0 {
			if _, err := c.Commit(); err != nil {
				return fmt.Errorf("commit: %w", err)
			}
		}
	}
	return nil
}
