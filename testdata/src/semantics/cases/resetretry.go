package cases

import (
	"context"
	"log"

	"github.com/IBM/sarama"
)

// resetRetryHandler resets the session's mark to a failed message and
// goes on: ResetOffset only moves the mark back, the claim does not
// deliver the message again, and the next message's mark passes it
// (trial 41e/D15: at-least-once, 3 of 300 lost without a crash).
type resetRetryHandler struct{}

func (resetRetryHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (resetRetryHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (resetRetryHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg.Value); err != nil {
			log.Printf("offset %d failed, resetting for a retry: %v", msg.Offset, err)
			sess.ResetOffset(msg.Topic, msg.Partition, msg.Offset, "")
			continue
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// resetStopHandler is its twin: the mark is put back and the claim ends,
// so the next session starts at the failed message.
type resetStopHandler struct{}

func (resetStopHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (resetStopHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (resetStopHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg.Value); err != nil {
			sess.ResetOffset(msg.Topic, msg.Partition, msg.Offset, "")
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runResets(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-reset-retry", sarama.NewConfig()) // case: resetretry
	b, _ := sarama.NewConsumerGroup(nil, "g-reset-stop", sarama.NewConfig())  // case: resetstop
	_ = a.Consume(ctx, []string{"t"}, resetRetryHandler{})
	_ = b.Consume(ctx, []string{"t"}, resetStopHandler{})
}

var _ = runResets
