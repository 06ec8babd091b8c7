// Package asyncforeign holds ordering cases where a sarama consumer
// forwards each message through an AsyncProducer built by another
// package, whose reports this package drains.
package asyncforeign

import (
	"context"
	"log"

	"github.com/IBM/sarama"
)

// Run drains the reports of p, built by the caller with
// Producer.Return.Successes on, and relays the topic's messages through
// it.
func Run(ctx context.Context, group sarama.ConsumerGroup, p sarama.AsyncProducer) error {
	go func() {
		for range p.Successes() {
		}
	}()
	go func() {
		for perr := range p.Errors() {
			log.Printf("relay: %v", perr.Err)
		}
	}()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"orders"}, relay{producer: p}); err != nil {
			return err
		}
	}
	return nil
}

// relay copies each message to another topic and marks it once queued:
// the timer commits messages the producer has not delivered yet.
type relay struct{ producer sarama.AsyncProducer }

func (relay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (relay) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r relay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		r.producer.Input() <- &sarama.ProducerMessage{Topic: "orders.copy", Value: sarama.ByteEncoder(msg.Value)}
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is produced asynchronously by Input, with no wait for its delivery: with auto-commit on, a crash before the delivery loses the message \(at-most-once\)`
	}
	return nil
}

// auditor saves each message itself, then queues an audit copy: the copy
// is not the message's effect.
type auditor struct {
	producer sarama.AsyncProducer
	save     func([]byte) error
}

func (auditor) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (auditor) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (a auditor) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := a.save(msg.Value); err != nil {
			return err
		}
		a.producer.Input() <- &sarama.ProducerMessage{Topic: "orders.audit", Value: sarama.ByteEncoder(msg.Value)}
		sess.MarkMessage(msg, "") // ok: saved first, the audit copy is a side channel
	}
	return nil
}
