// Package sesssvc hands each message, with its session, to package
// sesslanes.
package sesssvc

import (
	"context"

	"github.com/IBM/sarama"

	"semantics/svc/sesslanes"
)

type handler struct{ l *sesslanes.Lanes }

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.l.Enqueue(sess, msg)
	}
	return nil
}

// Run consumes until ctx is done.
func Run(ctx context.Context, l *sesslanes.Lanes) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-sesslanes", sarama.NewConfig()) // case: sesslanes
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t-sesslanes"}, handler{l})
}
