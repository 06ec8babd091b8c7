// Package ackloop marks each message in an acknowledgement it gives
// package ackpipe, which decides when it runs.
package ackloop

import (
	"context"

	"github.com/IBM/sarama"

	"semantics/svc/ackpipe"
)

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ack := func() { sess.MarkMessage(msg, "") }
		if err := ackpipe.Handle(msg.Value, ack); err != nil {
			return err
		}
	}
	return nil
}

// Run consumes until ctx is done.
func Run(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-ackpipe", sarama.NewConfig()) // case: ackpipe
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t-ackpipe"}, handler{})
}
