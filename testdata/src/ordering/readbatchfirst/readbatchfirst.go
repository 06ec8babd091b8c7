// Package readbatchfirst holds a confluent consumer that reads a batch
// message by message and commits what is stored (every message read,
// with auto-store on) before it applies the batch (review 39-1/D2), and
// its twin committing after.
package readbatchfirst

import (
	"os"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func apply(m *kafka.Message) error { return os.WriteFile(string(m.Key), m.Value, 0o644) }

// commitFirst commits the batch before applying it: a crash in the
// apply loop loses the batch.
func commitFirst(c *kafka.Consumer) error {
	for {
		var batch []*kafka.Message
		for len(batch) < 100 {
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				break
			}
			batch = append(batch, m)
		}
		if _, err := c.Commit(); err != nil { // want `call to Commit before the message is processed: with enable.auto.offset.store on it commits the offsets of messages already handed out, so a crash between them loses the message \(at-most-once\)`
			return err
		}
		for _, m := range batch {
			if err := apply(m); err != nil {
				return err
			}
		}
	}
}

// commitAfter applies the batch, then commits it.
func commitAfter(c *kafka.Consumer) error {
	for {
		var batch []*kafka.Message
		for len(batch) < 100 {
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				break
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			if err := apply(m); err != nil {
				return err
			}
		}
		if _, err := c.Commit(); err != nil {
			return err
		}
	}
}

func run() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	if err := commitFirst(c); err != nil {
		return err
	}
	return commitAfter(c)
}

var _ = run
