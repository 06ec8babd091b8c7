// Package gwrap wraps a sarama group; its callers pass the handler. Its
// example handler, which nothing passes, is not the group's.
package gwrap

import (
	"context"
	"fmt"

	"github.com/IBM/sarama"
)

type Consumer struct{ group sarama.ConsumerGroup }

func New(brokers []string, groupID string) (*Consumer, error) {
	g, err := sarama.NewConsumerGroup(brokers, groupID, sarama.NewConfig()) // case: gwrap
	if err != nil {
		return nil, err
	}
	return &Consumer{group: g}, nil
}

// Consume runs the handler its caller passes.
func (c *Consumer) Consume(ctx context.Context, topics []string, h sarama.ConsumerGroupHandler) error {
	for ctx.Err() == nil {
		if err := c.group.Consume(ctx, topics, h); err != nil {
			return err
		}
	}
	return nil
}

// ExampleHandler documents the handler's shape.
type ExampleHandler struct{}

func (ExampleHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ExampleHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (ExampleHandler) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error { // case: gwrapexample
	for m := range c.Messages() {
		fmt.Printf("%s\n", m.Value)
		s.MarkMessage(m, "")
	}
	return nil
}
