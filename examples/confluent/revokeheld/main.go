// Command revokeheld aggregates meter readings from the "meter-readings"
// topic into hourly totals in PostgreSQL, writing them in batches of 100
// with a confluent-kafka-go consumer.
//
// BUG (autocommit auto-store-on-delivery): enable.auto.commit is off and
// the loop commits once each batch is written, but the rebalance callback
// commits on revoke with Commit(), which sends the offsets librdkafka
// stored as each message was handed over (enable.auto.offset.store is on):
// those of the batch the loop holds and has not written yet included. The
// partitions' next owner starts after that batch; if this process dies
// before writing it, or leaves the group at shutdown without writing it,
// its readings are lost. Twin: confluent/revokecommit, which aggregates
// each message before reading the next, so its callback's Commit() holds
// nothing unwritten.
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
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

const batchSize = 100

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
			if _, err := c.Commit(); err != nil { // finding: autocommit auto-store-on-delivery
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

// aggregate adds a batch of readings to the hourly totals in one
// transaction.
func aggregate(ctx context.Context, pool *pgxpool.Pool, batch []*kafka.Message) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		for _, msg := range batch {
			var r reading
			if err := json.Unmarshal(msg.Value, &r); err != nil {
				return fmt.Errorf("decode %s: %w", msg.TopicPartition, err)
			}
			if _, err := tx.Exec(ctx,
				`INSERT INTO hourly_kwh (meter, hour, kwh) VALUES ($1, date_trunc('hour', $2::timestamptz), $3)
				 ON CONFLICT (meter, hour) DO UPDATE SET kwh = hourly_kwh.kwh + EXCLUDED.kwh`,
				r.Meter, r.At, r.KWh); err != nil {
				return fmt.Errorf("aggregate %s: %w", msg.TopicPartition, err)
			}
		}
		return nil
	})
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

	var batch []*kafka.Message
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err == nil {
			batch = append(batch, msg)
			if len(batch) < batchSize {
				continue
			}
		} else if len(batch) == 0 {
			continue // timeouts
		}
		// A full batch, or what a quiet second left.
		if err := aggregate(ctx, pool, batch); err != nil {
			return err
		}
		if _, err := c.Commit(); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
		batch = batch[:0]
	}
	return nil
}
