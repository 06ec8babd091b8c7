// Package kafkax is a company's sarama wrapper: it builds the group and
// runs whatever handler its caller gives Consume (DimaJoyti/go-coffee's
// SaramaGroupConsumer).
package kafkax

import (
	"context"

	"github.com/IBM/sarama"
)

// Handler is the wrapper's own name for sarama's handler interface.
type Handler interface {
	Setup(sarama.ConsumerGroupSession) error
	Cleanup(sarama.ConsumerGroupSession) error
	ConsumeClaim(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error
}

// Group wraps a consumer group.
type Group struct{ g sarama.ConsumerGroup }

// NewGroup builds the group with sarama's defaults (auto-commit on).
func NewGroup(brokers []string, group string) (*Group, error) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	g, err := sarama.NewConsumerGroup(brokers, group, cfg)
	if err != nil {
		return nil, err
	}
	return &Group{g: g}, nil
}

// Consume runs the caller's handler for one session.
func (c *Group) Consume(ctx context.Context, topics []string, h Handler) error {
	return c.g.Consume(ctx, topics, h.(sarama.ConsumerGroupHandler))
}
