// Package localqueue: a sarama handler hands each message to a method of
// its own package that only queues a copy of it on a field's channel,
// drained by workers the constructor starts, then marks it: the mark
// passes a message still queued.
package localqueue

import (
	"context"
	"log"

	"github.com/IBM/sarama"
)

type entry struct {
	key, value []byte
}

type sink interface{ Write(key, value []byte) error }

type pipeline struct { // want pipeline:`queueingResult\(\*localqueue.pipeline: push\[0\]\)`
	queue chan entry
	out   sink
}

func newPipeline(out sink) *pipeline {
	p := &pipeline{queue: make(chan entry, 1024), out: out}
	go func() {
		for e := range p.queue {
			if err := p.out.Write(e.key, e.value); err != nil {
				log.Printf("write: %v", err)
			}
		}
	}()
	return p
}

// push only queues a copy of the message.
func (p *pipeline) push(m *sarama.ConsumerMessage) {
	p.queue <- entry{key: m.Key, value: m.Value}
}

// write writes the message in place.
func (p *pipeline) write(m *sarama.ConsumerMessage) error {
	return p.out.Write(m.Key, m.Value)
}

type queued struct{ p *pipeline }

func (*queued) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*queued) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *queued) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.p.push(msg)
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is handed to localqueue.pipeline.push, which only queues it for later work`
	}
	return nil
}

// written is queued's twin: the message is written before it is marked.
type written struct{ p *pipeline }

func (*written) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*written) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *written) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.p.write(msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func Run(ctx context.Context, g sarama.ConsumerGroup, out sink) error {
	p := newPipeline(out)
	if err := g.Consume(ctx, []string{"events"}, &queued{p: p}); err != nil {
		return err
	}
	return g.Consume(ctx, []string{"events"}, &written{p: p})
}
