// Package confluentv1: the v1 import path of confluent-kafka-go behaves as v2.
package confluentv1

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func handle(m *kafka.Message) error {
	log.Printf("%v: %s", m.TopicPartition, m.Value)
	return nil
}

// run keeps librdkafka's defaults.
func run() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "v1", "bootstrap.servers": "localhost:9092"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		if err := handle(msg); err != nil {
			return err
		}
	}
}

// runStored stores after processing.
func runStored() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "v1", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		if err := handle(msg); err != nil {
			return err
		}
		if _, err := c.StoreMessage(msg); err != nil {
			return err
		}
	}
}
