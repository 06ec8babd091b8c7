// Command lowwater writes shipment events from the "shipments" topic to
// PostgreSQL with confluent-kafka-go, a goroutine per message.
//
// CORRECT (no finding); twin of confluent/maxstore. enable.auto.offset.store
// is off and the 5000 ms auto-commit commits the stored offsets. The loop
// starts each offset in a lowwater.Tracker before handing the message over;
// a goroutine that has written its message reports it done. Once a second
// the ticker stores, per partition, the tracker's committable offset, the
// smallest still in flight: everything below it is written (at-least-once),
// and a failed write, never reported done, holds it back. Only the ticker
// stores, so the last-write-wins stores never go backwards. commitlint
// recognises the tracker of package lowwater; a hand-written one is not
// proven to return a low-water mark, and the report then says unknown.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/offsetcommit/commitlint/lowwater"
)

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
	t := lowwater.New()
	go func() {
		for range time.Tick(time.Second) {
			var tps []kafka.TopicPartition
			for tp, next := range t.CommittableAll() {
				tps = append(tps, kafka.TopicPartition{Topic: &tp.Topic, Partition: tp.Partition, Offset: kafka.Offset(next)})
			}
			if len(tps) > 0 {
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
		tp, off := lowwater.TopicPartition{Topic: *msg.TopicPartition.Topic, Partition: msg.TopicPartition.Partition}, int64(msg.TopicPartition.Offset)
		if err := t.Start(tp, off); errors.Is(err, lowwater.ErrOutOfOrder) {
			t.Forget(tp) // delivered again from an earlier offset (a rebalance): track it anew
			_ = t.Start(tp, off)
		}
		go func() {
			if err := write(ctx, pool, msg); err != nil {
				log.Printf("write %v: %v", msg.TopicPartition, err)
				return
			}
			t.Done(tp, off)
		}()
	}
}
