package cases

import (
	"context"
	"errors"

	"github.com/IBM/sarama"
)

// project applies a message, and says whether it did.
func project(msg *sarama.ConsumerMessage) bool { return apply(msg.Value) == nil }

// park hands a message that failed to a parking store, and says whether
// it did.
func park(msg *sarama.ConsumerMessage) bool { return apply(msg.Key) == nil }

// fallbackHandler gives a failed message to the parking fallback, drops
// its answer and marks (trial 42c/D1: at-least-once, 6 of 300 lost
// without a crash).
type fallbackHandler struct{}

func (fallbackHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (fallbackHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (fallbackHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if !project(msg) {
			park(msg)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// fallbackMarkHandler marks in the failure branch itself, after the
// fallback.
type fallbackMarkHandler struct{}

func (fallbackMarkHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (fallbackMarkHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (fallbackMarkHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if project(msg) {
			sess.MarkMessage(msg, "")
		} else {
			park(msg)
			sess.MarkMessage(msg, "")
		}
	}
	return nil
}

// fallbackCheckedHandler is their twin: a message the fallback does not
// take stops the claim.
type fallbackCheckedHandler struct{}

func (fallbackCheckedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (fallbackCheckedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (fallbackCheckedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if !project(msg) && !park(msg) {
			return errors.New("neither applied nor parked")
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runFallbacks(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-fallback", sarama.NewConfig())         // case: fallbackdropped
	b, _ := sarama.NewConsumerGroup(nil, "g-fallback-checked", sarama.NewConfig()) // case: fallbackchecked
	c, _ := sarama.NewConsumerGroup(nil, "g-fallback-mark", sarama.NewConfig())    // case: fallbackmarked
	_ = a.Consume(ctx, []string{"t"}, fallbackHandler{})
	_ = b.Consume(ctx, []string{"t"}, fallbackCheckedHandler{})
	_ = c.Consume(ctx, []string{"t"}, fallbackMarkHandler{})
}

var _ = runFallbacks
