// Package confluentv1 holds hiwater cases for the v1 import path
// github.com/confluentinc/confluent-kafka-go/kafka.
package confluentv1

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func handle(m *kafka.Message) {}

func run() {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func() {
			handle(msg)
			if _, err := c.CommitMessage(msg); err != nil { // want `CommitMessage from a per-record goroutine: records of a partition finish out of order and confluent-kafka-go commits are last-write-wins`
				log.Printf("commit: %v", err)
			}
		}()
	}
}

func sequential() {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(msg)
		if _, err := c.CommitMessage(msg); err != nil { // ok: sequential
			log.Printf("commit: %v", err)
		}
	}
}
