// Package store reads a confluent consumer it is given and commits each
// message after writing it.
package store

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func write(*kafka.Message) error { return nil }

func Run(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if write(m) != nil {
			continue
		}
		_, _ = c.CommitMessage(m)
	}
}
