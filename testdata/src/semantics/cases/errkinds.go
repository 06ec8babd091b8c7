package cases

import (
	"context"
	"errors"

	"github.com/IBM/sarama"
)

// errUnavailable is the failure the service reports when it is down.
var errUnavailable = errors.New("unavailable")

// kindOnlyHandler stops only on one kind of failure: a failed save of
// any other kind is marked past (trial 42e/D4: at-least-once, 3 of 300
// lost without a crash).
type kindOnlyHandler struct{}

func (kindOnlyHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (kindOnlyHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (kindOnlyHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg.Value); errors.Is(err, errUnavailable) {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// kindAndNilHandler is its twin: the kind decides what to say, and any
// failure stops the claim.
type kindAndNilHandler struct{}

func (kindAndNilHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (kindAndNilHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (kindAndNilHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg.Value); errors.Is(err, errUnavailable) {
			return errors.Join(errors.New("service down"), err)
		} else if err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runKinds(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-kind-only", sarama.NewConfig())    // case: kindonly
	b, _ := sarama.NewConsumerGroup(nil, "g-kind-and-nil", sarama.NewConfig()) // case: kindandnil
	_ = a.Consume(ctx, []string{"t"}, kindOnlyHandler{})
	_ = b.Consume(ctx, []string{"t"}, kindAndNilHandler{})
}

var _ = runKinds
