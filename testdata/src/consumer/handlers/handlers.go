// Package handlers registers sarama handlers the model finds without a
// composite literal at the call: one returned by a constructor function,
// and one given through a value of the interface type whose only
// implementation in the package is taken.
package handlers

import (
	"context"

	"github.com/IBM/sarama"
)

type projector struct{}

func (projector) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (projector) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (projector) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `^MarkMessage on the consumer of line (29|40)$`
	}
	return nil
}

// newProjector returns the handler as the interface.
func newProjector() sarama.ConsumerGroupHandler { return projector{} }

func viaConstructor(ctx context.Context) {
	group, _ := sarama.NewConsumerGroup(nil, "g", sarama.NewConfig()) // want `^consumer sarama.NewConsumerGroup: group=true$`
	_ = group.Consume(ctx, nil, newProjector())                       // want `^handler handlers.projector: ConsumeClaim, Cleanup; reaches Cleanup ConsumeClaim$`
}

// Service keeps its handler in a field typed as the interface, set by the
// caller: projector is the package's only implementation.
type Service struct {
	Handler sarama.ConsumerGroupHandler
}

func (s *Service) Run(ctx context.Context) {
	group, _ := sarama.NewConsumerGroup(nil, "g2", sarama.NewConfig()) // want `^consumer sarama.NewConsumerGroup: group=true$`
	_ = group.Consume(ctx, nil, s.Handler)                             // want `^handler handlers.projector: ConsumeClaim, Cleanup; reaches Cleanup ConsumeClaim$`
}
