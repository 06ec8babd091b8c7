// Package sink writes messages and writes no position.
package sink

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Write logs the message.
func Write(m *kafka.Message) { log.Printf("%s", m.Value) }
