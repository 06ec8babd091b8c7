// Package ownhandler holds a sarama handler and runs it on a group of its
// own; ownwire runs it on another group (trial 40a/D5).
package ownhandler

import (
	"context"
	"os"

	"github.com/IBM/sarama"
)

// Marker marks what it writes.
type Marker struct{}

func (Marker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Marker) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (Marker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := os.WriteFile(string(m.Key), m.Value, 0o644); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

// Run consumes topic on a group of its own.
func Run(ctx context.Context, topic string) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-own", sarama.NewConfig()) // case: ownrun
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{topic}, Marker{})
}
