package errgroupgo

import (
	"sync"

	"github.com/IBM/sarama"
	"github.com/panjf2000/ants/v2"
)

// poolHandler hands each message to an ants pool, whose Submit returns
// once a worker has the task (hookokoko/notifyGo), then marks it.
type poolHandler struct{ pool *ants.Pool }

func (poolHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (poolHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h poolHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := h.pool.Submit(func() { _ = save(sess.Context(), m.Value) }); err != nil {
			return err
		}
		sess.MarkMessage(m, "") // want `call to MarkMessage after the message is queued by ants.Pool.Submit`
	}
	return nil
}

// waitedHandler is its twin: it waits for the task before the mark.
type waitedHandler struct{ pool *ants.Pool }

func (waitedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (waitedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h waitedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		var wg sync.WaitGroup
		wg.Add(1)
		if err := h.pool.Submit(func() { defer wg.Done(); _ = save(sess.Context(), m.Value) }); err != nil {
			return err
		}
		wg.Wait()
		sess.MarkMessage(m, "")
	}
	return nil
}

func consumeAll(g sarama.ConsumerGroup, p *ants.Pool) {
	_ = g.Consume(nil, []string{"events"}, poolHandler{p})
	_ = g.Consume(nil, []string{"events"}, waitedHandler{p})
}

var _ = consumeAll
