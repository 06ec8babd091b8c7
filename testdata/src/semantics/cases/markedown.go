package cases

import (
	"context"
	"log"

	"github.com/IBM/sarama"
)

// A sarama handler whose failure branch marks the message itself on any
// failure of its write (trial 28a/3 and 28a/5): a transient failure, or
// the session's cancelled context at a rebalance, drops the message. (A
// decode failure marked on purpose is poisonmarked's.)
type markedOwnHandler struct {
	write func(context.Context, []byte) error
}

func (markedOwnHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markedOwnHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h markedOwnHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.write(sess.Context(), msg.Value); err != nil {
			log.Printf("write %d: %v", msg.Offset, err)
			sess.MarkMessage(msg, "")
			continue
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func markedOwn(ctx context.Context, write func(context.Context, []byte) error) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-marked-own", sarama.NewConfig()) // case: markedown
	_ = g.Consume(ctx, []string{"t"}, markedOwnHandler{write: write})
}

var _ = markedOwn
