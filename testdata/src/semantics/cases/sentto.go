package cases

import (
	"context"

	"github.com/IBM/sarama"
)

// BatchSource hands the messages its handler queues to whoever calls
// Next, in another package; the timer commits their marks.
type BatchSource struct {
	h *sourceHandler
}

type sourceHandler struct {
	ch chan []byte
}

func (h *sourceHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *sourceHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *sourceHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		h.ch <- m.Value
		sess.MarkMessage(m, "")
	}
	return nil
}

// Next returns the next queued value.
func (s *BatchSource) Next() []byte { return <-s.h.ch }

// NewBatchSource starts consuming.
func NewBatchSource(ctx context.Context) (*BatchSource, error) {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-sentto", sarama.NewConfig()) // case: sentto
	if err != nil {
		return nil, err
	}
	s := &BatchSource{h: &sourceHandler{ch: make(chan []byte, 100)}}
	go func() { _ = g.Consume(ctx, []string{"t"}, s.h) }()
	return s, nil
}
