// Package handler holds the handler both groups run.
package handler

import (
	"os"

	"github.com/IBM/sarama"
)

func write(m *sarama.ConsumerMessage) error { return os.WriteFile(string(m.Key), m.Value, 0o644) }

// Marking marks what it writes and never commits.
type Marking struct{}

func (Marking) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Marking) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (Marking) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := write(m); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}
