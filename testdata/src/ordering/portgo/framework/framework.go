// Package framework runs a message handler on a sarama consumer group:
// the handler the caller gives New reaches the claim loop through two
// fields (audit 40b/D2).
package framework

import (
	"context"

	"github.com/IBM/sarama"
)

// MessageHandler processes one message; an error ends the claim unmarked.
type MessageHandler interface {
	Handle(ctx context.Context, m *sarama.ConsumerMessage) error
}

// App runs the handler on the group.
type App struct {
	group sarama.ConsumerGroup
	h     MessageHandler
}

// New builds the app.
func New(g sarama.ConsumerGroup, h MessageHandler) *App { return &App{group: g, h: h} } // want New:`handsToPort\(1.Handle\[1\] MarkMessage\)`

// Run consumes until ctx ends.
func (a *App) Run(ctx context.Context, topics []string) error {
	gh := &groupHandler{h: a.h}
	for ctx.Err() == nil {
		if err := a.group.Consume(ctx, topics, gh); err != nil {
			return err
		}
	}
	return nil
}

type groupHandler struct{ h MessageHandler }

func (g *groupHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (g *groupHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (g *groupHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := g.h.Handle(sess.Context(), m); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}
