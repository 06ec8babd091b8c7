// Package consumer hands each message's value to core.Core.Handle, which
// only queues it for the core's workers (usr4's confluent store after a
// hand-off): a store or a commit placed after that call would still come
// before the processing, so the fixes also make Handle process it in
// place (the core's workers' loop body in place of the send), then store
// or commit after the call.
package consumer

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"

	"autocommit/queuedcall/core"
)

// Stored relies on librdkafka's defaults: each offset is stored as the
// message is handed over, and Handle only queues it.
func Stored(c *core.Core) error {
	k, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "stored"}) // want `enable\.auto\.commit and enable\.auto\.offset\.store are on: .*`
	if err != nil {
		return err
	}
	for {
		m, err := k.ReadMessage(-1)
		if err != nil {
			log.Printf("read: %v", err)
			continue
		}
		c.Handle(m.Value)
	}
}

// Applied is Stored's silent twin: auto-store off, the offset stored
// once Apply has applied the message.
func Applied(c *core.Core) error {
	k, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "applied", "enable.auto.offset.store": false}) // ok: stored after Apply
	if err != nil {
		return err
	}
	for {
		m, err := k.ReadMessage(-1)
		if err != nil {
			log.Printf("read: %v", err)
			continue
		}
		if err := c.Apply(m.Value); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
		if _, err := k.StoreMessage(m); err != nil {
			log.Printf("store: %v", err)
		}
	}
}

// Read commits each message as ReadMessage returns it, and Handle only
// queues it.
func Read(ctx context.Context, c *core.Core) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "read", Topic: "t"})
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: .*`
		if err != nil {
			return err
		}
		c.Handle(m.Value)
	}
}
