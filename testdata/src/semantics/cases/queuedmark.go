package cases

import (
	"context"

	"github.com/IBM/sarama"
)

// queueHandler queues each message for a batch reader and marks it at
// once; the reader commits the marks after writing a batch, while the
// queue still holds marked messages.
type queueHandler struct {
	queue   chan *sarama.ConsumerMessage
	session sarama.ConsumerGroupSession
}

func (h *queueHandler) Setup(s sarama.ConsumerGroupSession) error { h.session = s; return nil }
func (h *queueHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *queueHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		h.queue <- m
		sess.MarkMessage(m, "")
	}
	return nil
}

func runQueuedMark(ctx context.Context) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-queuedmark", cfg) // case: queuedmark
	if err != nil {
		return err
	}
	h := &queueHandler{queue: make(chan *sarama.ConsumerMessage, 100)}
	go func() { _ = g.Consume(ctx, []string{"t"}, h) }()
	batch := make([]*sarama.ConsumerMessage, 0, 10)
	for {
		batch = append(batch[:0], <-h.queue)
		for _, m := range batch {
			if err := apply(m); err != nil {
				return err
			}
		}
		if h.session != nil {
			h.session.Commit()
		}
	}
}

var _ = runQueuedMark

// ackedHandler queues each message with a reply channel and marks it once
// the writer says it is written.
type ackedHandler struct {
	queue chan ackedJob
}

type ackedJob struct {
	m    *sarama.ConsumerMessage
	done chan error
}

func (h *ackedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *ackedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *ackedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		done := make(chan error, 1)
		h.queue <- ackedJob{m: m, done: done}
		if err := <-done; err != nil {
			return err
		}
		sess.MarkMessage(m, "")
		sess.Commit()
	}
	return nil
}

func runAckedMark(ctx context.Context) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-ackedmark", cfg) // case: ackedmark
	if err != nil {
		return err
	}
	h := &ackedHandler{queue: make(chan ackedJob)}
	go func() {
		for j := range h.queue {
			j.done <- apply(j.m)
		}
	}()
	return g.Consume(ctx, []string{"t"}, h)
}

var _ = runAckedMark
