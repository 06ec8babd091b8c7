// Command maxstore writes shipment events from the "shipments" topic to
// PostgreSQL with confluent-kafka-go, a goroutine per message, and stores
// offsets once a second.
//
// BUG (hiwater max-offset-commit). enable.auto.offset.store is off and the
// 5000 ms auto-commit commits the stored offsets. Each goroutine records the
// highest offset completed per partition, and a ticker stores highest + 1.
// Messages of a partition finish out of order: when offset 61 is done the
// maximum is 61 while offset 50 is still being written, so 62 is stored and
// committed. A crash then loses offset 50: the group resumes at 62.
// confluent-kafka-go stores are last-write-wins, so nothing undoes it. The
// fix removes the go statement: messages are written one at a time and the
// maximum is the last one written; keeping the concurrency needs the
// smallest offset in flight instead (confluent/lowwater).
package main

import (
	"context"
	"encoding/json"
	"log"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

// highest is the highest offset completed per partition.
type highest struct {
	mu  sync.Mutex
	off map[int32]kafka.Offset
}

func (h *highest) done(m *kafka.Message) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if o, ok := h.off[m.TopicPartition.Partition]; !ok || m.TopicPartition.Offset > o {
		h.off[m.TopicPartition.Partition] = m.TopicPartition.Offset
	}
}

func (h *highest) store(c *kafka.Consumer, topic string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for p, o := range h.off {
		tps := []kafka.TopicPartition{{Topic: &topic, Partition: p, Offset: o + 1}}
		if _, err := c.StoreOffsets(tps); err != nil { // finding: hiwater max-offset-commit
			log.Printf("store offset %s/%d: %v", topic, p, err)
		}
	}
}

func write(ctx context.Context, pool *pgxpool.Pool, m *kafka.Message) error {
	var ev struct {
		ShipmentID string `json:"shipment_id"`
		Status     string `json:"status"`
	}
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `INSERT INTO shipment_events (shipment_id, status, kafka_offset) VALUES ($1, $2, $3)
		 ON CONFLICT DO NOTHING`, ev.ShipmentID, ev.Status, int64(m.TopicPartition.Offset))
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
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        demo.Bootstrap(),
		"group.id":                 "shipment-writer",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		log.Fatalf("new consumer: %v", err)
	}
	defer c.Close()
	const topic = "shipments"
	if err := c.SubscribeTopics([]string{topic}, nil); err != nil {
		log.Fatalf("subscribe: %v", err)
	}

	h := &highest{off: map[int32]kafka.Offset{}}
	go func() {
		for range time.Tick(time.Second) {
			h.store(c, topic)
		}
	}()
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue // timeouts, and errors librdkafka recovers from
		}
		go func(m *kafka.Message) {
			if err := write(ctx, pool, m); err != nil {
				log.Printf("write %v: %v", m.TopicPartition, err)
				return
			}
			h.done(m)
		}(msg)
	}
}
