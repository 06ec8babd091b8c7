// Package asyncvoid holds ordering cases where a sarama consumer forwards
// each message through an AsyncProducer from a helper without results.
package asyncvoid

import (
	"log"

	"github.com/IBM/sarama"
)

// newProducer builds the relay's producer, which reports its deliveries,
// and drains its reports.
func newProducer(brokers []string) (sarama.AsyncProducer, error) {
	cfg := sarama.NewConfig()
	cfg.Producer.Return.Successes = true
	p, err := sarama.NewAsyncProducer(brokers, cfg)
	if err != nil {
		return nil, err
	}
	go func() {
		for range p.Successes() {
		}
	}()
	go func() {
		for perr := range p.Errors() {
			log.Printf("relay: %v", perr.Err)
		}
	}()
	return p, nil
}

// relay copies each message to another topic.
type relay struct{ producer sarama.AsyncProducer }

func (relay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (relay) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r relay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		r.forward(sess, msg)
	}
	return nil
}

// forward queues msg's copy, unless it is empty, and marks msg once
// queued: the timer commits messages the producer has not delivered yet.
func (r relay) forward(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	if len(msg.Value) == 0 {
		sess.MarkMessage(msg, "")
		return
	}
	r.producer.Input() <- &sarama.ProducerMessage{Topic: "orders.copy", Value: sarama.ByteEncoder(msg.Value)}
	sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is produced asynchronously by Input, with no wait for its delivery: with auto-commit on, a crash before the delivery loses the message \(at-most-once\)`
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
		a.audit(sess, msg)
	}
	return nil
}

// audit saves msg, queues its audit copy and marks it; a message it
// cannot save stops the process.
func (a auditor) audit(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	if err := a.save(msg.Value); err != nil {
		log.Fatalf("audit: %v", err)
	}
	a.producer.Input() <- &sarama.ProducerMessage{Topic: "orders.audit", Value: sarama.ByteEncoder(msg.Value)}
	sess.MarkMessage(msg, "") // ok: saved first, the audit copy is a side channel
}
