// Command pgxoffset maintains shipment status in PostgreSQL from the
// "shipment-events" topic and keeps its consumer position in the same
// database, so the effect and the offset commit atomically.
//
// CORRECT (no finding). enable.auto.commit is false and nothing is committed
// to Kafka. Each message is applied in one pgx transaction that upserts the
// shipment row and advances consumer_offsets.next_offset to offset + 1,
// guarded by the value this process last wrote (a stale owner's update
// matches no row and rolls back). Both writes happen or neither does, so a
// crash neither loses nor duplicates a message. The RebalanceCb runs inside
// Poll; on kafka.AssignedPartitions it reads next_offset per partition from
// the database and calls c.Assign with those offsets.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

const (
	topic         = "shipment-events"
	loadOffsetSQL = `INSERT INTO consumer_offsets (topic, partition, next_offset) VALUES ($1, $2, 0)
		ON CONFLICT (topic, partition) DO UPDATE SET next_offset = consumer_offsets.next_offset RETURNING next_offset`
	upsertSQL = `INSERT INTO shipment_status (shipment_id, status) VALUES ($1, $2)
		ON CONFLICT (shipment_id) DO UPDATE SET status = EXCLUDED.status`
)

type shipmentEvent struct {
	ShipmentID string `json:"shipment_id"`
	Status     string `json:"status"`
}

type shipmentSink struct {
	ctx  context.Context
	pool *pgxpool.Pool
	next map[int32]int64 // next_offset in the database, per assigned partition
}

func (s *shipmentSink) onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		parts := make([]kafka.TopicPartition, 0, len(e.Partitions))
		for _, tp := range e.Partitions {
			var next int64
			if err := s.pool.QueryRow(s.ctx, loadOffsetSQL, topic, tp.Partition).Scan(&next); err != nil {
				// The client discards a RebalanceCb error and would assign from
				// Kafka's offsets; exit instead (nothing is pending to commit).
				log.Fatalf("load offset for %s: %v", tp, err)
			}
			s.next[tp.Partition] = next
			tp.Offset = kafka.Offset(next)
			parts = append(parts, tp)
		}
		return c.Assign(parts)
	case kafka.RevokedPartitions:
		clear(s.next)
		return c.Unassign()
	}
	return nil
}

func (s *shipmentSink) apply(ctx context.Context, msg *kafka.Message) error {
	tp := msg.TopicPartition
	expected, ok := s.next[tp.Partition]
	if !ok {
		return fmt.Errorf("message for unassigned partition %s", tp)
	}
	var ev shipmentEvent
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return fmt.Errorf("decode %s: %w", tp, err)
	}

	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }() // no-op after Commit

	if _, err := tx.Exec(ctx, upsertSQL, ev.ShipmentID, ev.Status); err != nil {
		return fmt.Errorf("upsert shipment %s: %w", ev.ShipmentID, err)
	}
	next := int64(tp.Offset) + 1
	tag, err := tx.Exec(ctx, "UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset = $4",
		next, topic, tp.Partition, expected)
	if err != nil {
		return fmt.Errorf("advance offset %s: %w", tp, err)
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("offset row for %s is no longer %d: partition taken over", tp, expected)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit tx for %s: %w", tp, err)
	}
	s.next[tp.Partition] = next
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

	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  demo.Bootstrap(),
		"group.id":           "shipment-status",
		"auto.offset.reset":  "earliest",
		"enable.auto.commit": false,
	})
	if err != nil {
		log.Fatalf("new consumer: %v", err)
	}
	defer c.Close()

	sink := &shipmentSink{ctx: ctx, pool: pool, next: make(map[int32]int64)}
	if err := c.SubscribeTopics([]string{topic}, sink.onRebalance); err != nil {
		log.Fatalf("subscribe: %v", err)
	}
	for ctx.Err() == nil {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			if err := sink.apply(ctx, e); err != nil {
				log.Printf("stopping: %v", err)
				return
			}
		case kafka.Error:
			log.Printf("consumer error: %v", e)
			if e.IsFatal() {
				return
			}
		}
	}
}
