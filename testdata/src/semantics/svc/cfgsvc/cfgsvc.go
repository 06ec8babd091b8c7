// Package cfgsvc builds its consumer groups from what the wiring passes:
// a client built from a configuration, or the configuration itself.
package cfgsvc

import (
	"context"

	"github.com/IBM/sarama"
)

type marker struct{}

func (marker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (marker) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (marker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_ = msg.Value
		sess.MarkMessage(msg, "")
	}
	return nil
}

// FromClient consumes with a group built on the caller's client.
func FromClient(ctx context.Context, client sarama.Client) {
	g, _ := sarama.NewConsumerGroupFromClient("g-cfgclient", client) // case: cfgclient
	_ = g.Consume(ctx, []string{"t-cfgclient"}, marker{})
}

// WithConfig consumes with a group built from the caller's config.
func WithConfig(ctx context.Context, cfg *sarama.Config) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-cfgpassed", cfg) // case: cfgpassed
	_ = g.Consume(ctx, []string{"t-cfgpassed"}, marker{})
}
