// Package sink writes messages; Write writes no position.
package sink

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Write logs the message.
func Write(m *kafka.Message) { log.Printf("%s", m.Value) }

// Backfill commits on a consumer of its own: the package writes
// positions, but not of the messages Write is given (review 31-2).
func Backfill() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "backfill", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	m, err := c.ReadMessage(-1)
	if err != nil {
		return err
	}
	log.Printf("%s", m.Value)
	_, err = c.CommitMessage(m)
	return err
}
