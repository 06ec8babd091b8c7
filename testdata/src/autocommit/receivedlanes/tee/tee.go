// Package tee reads messages from a consumer the wiring gives it and
// hands them to a package that writes no position.
package tee

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"autocommit/receivedlanes/sink"
)

// Tee hands each message to a package that writes no position: it relies
// on the defaults, under which each message is stored when it is read.
func Tee(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(time.Second) // want `consumer received from another package and never stored or committed on`
		if err != nil {
			return err
		}
		sink.Write(msg)
	}
}
