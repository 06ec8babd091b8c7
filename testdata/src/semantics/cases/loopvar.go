//go:build go1.19

// This file is compiled as Go 1.19: one loop variable for every
// iteration, held in a variable declared before the loop when a closure
// captures it.

package cases

import (
	"context"

	"github.com/IBM/sarama"
)

// A goroutine per message whose answer the loop receives before it marks:
// joined, one message at a time.
type answeredHandler struct{}

func (answeredHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (answeredHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (answeredHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan bool)
	for msg := range claim.Messages() {
		go func() { done <- deliver(msg) }()
		if ok := <-done; ok {
			sess.MarkMessage(msg, "")
		}
	}
	return nil
}

func answeredGoroutine(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-answered", sarama.NewConfig()) // case: answered
	_ = g.Consume(ctx, []string{"t"}, answeredHandler{})
}

var _ = answeredGoroutine
