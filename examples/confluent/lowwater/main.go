// Command lowwater writes shipment events from the "shipments" topic to
// PostgreSQL with confluent-kafka-go, a goroutine per message.
//
// CORRECT (no finding); twin of confluent/maxstore. enable.auto.offset.store
// is off and the 5000 ms auto-commit commits the stored offsets. The loop
// starts each offset in a per-partition tracker before handing the message
// over; a goroutine that has written its message reports it done. Once a
// second the ticker stores, per partition, the smallest offset still in
// flight: everything below it is written (at-least-once), and a failed write,
// never reported done, holds it back. Only the ticker stores, so the
// last-write-wins stores never go backwards. See also package lowwater.
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

// tracker holds the offsets in flight per partition.
type tracker struct {
	mu       sync.Mutex
	inFlight map[int32]map[kafka.Offset]bool
	next     map[int32]kafka.Offset
}

func (t *tracker) start(tp kafka.TopicPartition) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.inFlight[tp.Partition] == nil {
		t.inFlight[tp.Partition] = map[kafka.Offset]bool{}
	}
	t.inFlight[tp.Partition][tp.Offset], t.next[tp.Partition] = true, tp.Offset+1
}

func (t *tracker) done(tp kafka.TopicPartition) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.inFlight[tp.Partition], tp.Offset)
}

// committable returns, per partition, the smallest offset in flight.
func (t *tracker) committable(topic *string) []kafka.TopicPartition {
	t.mu.Lock()
	defer t.mu.Unlock()
	var tps []kafka.TopicPartition
	for p, next := range t.next {
		low := next
		for o := range t.inFlight[p] {
			low = min(low, o)
		}
		tps = append(tps, kafka.TopicPartition{Topic: topic, Partition: p, Offset: low})
	}
	return tps
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
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": demo.Bootstrap(),
		"group.id": "shipment-writer", "enable.auto.offset.store": false})
	if err != nil {
		log.Fatalf("new consumer: %v", err)
	}
	defer c.Close()
	topic := "shipments"
	if err := c.SubscribeTopics([]string{topic}, nil); err != nil {
		log.Fatalf("subscribe: %v", err)
	}
	t := &tracker{inFlight: map[int32]map[kafka.Offset]bool{}, next: map[int32]kafka.Offset{}}
	go func() {
		for range time.Tick(time.Second) {
			if tps := t.committable(&topic); len(tps) > 0 {
				if _, err := c.StoreOffsets(tps); err != nil {
					log.Printf("store offsets: %v", err)
				}
			}
		}
	}()
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue // timeouts, and errors librdkafka recovers from
		}
		t.start(msg.TopicPartition)
		go func() {
			if err := write(ctx, pool, msg); err != nil {
				log.Printf("write %v: %v", msg.TopicPartition, err)
				return
			}
			t.done(msg.TopicPartition)
		}()
	}
}
