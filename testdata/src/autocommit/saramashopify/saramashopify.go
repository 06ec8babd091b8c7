// Package saramashopify: the old import path github.com/Shopify/sarama is
// modelled like github.com/IBM/sarama.
package saramashopify

import (
	"context"

	"github.com/Shopify/sarama"
)

type handler struct{ done map[int64]bool }

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.done[msg.Offset] = true
		sess.MarkMessage(msg, "")
	}
	return nil
}

// manual disables auto-commit and never commits.
func manual(ctx context.Context) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler never calls Commit`
	g, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "old", cfg)
	if err != nil {
		return err
	}
	defer g.Close()
	return g.Consume(ctx, []string{"t"}, &handler{done: map[int64]bool{}})
}

// automatic keeps the default auto-commit.
func automatic(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "old", sarama.NewConfig()) // ok: default auto-commit commits the marks
	if err != nil {
		return err
	}
	defer g.Close()
	return g.Consume(ctx, []string{"t"}, &handler{done: map[int64]bool{}})
}
