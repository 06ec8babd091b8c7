// Package asyncnoerrors holds ordering cases where a sarama consumer
// forwards each message through an AsyncProducer whose failures are
// reported (the default) but read nowhere in the package.
package asyncnoerrors

import (
	"log"

	"github.com/IBM/sarama"
)

// newProducer builds the relay's producer and counts its successes; its
// failures are left to whoever holds it.
func newProducer(brokers []string) (sarama.AsyncProducer, error) {
	cfg := sarama.NewConfig()
	cfg.Producer.Return.Successes = true
	p, err := sarama.NewAsyncProducer(brokers, cfg)
	if err != nil {
		return nil, err
	}
	go func() {
		n := 0
		for range p.Successes() {
			n++
			if n%1000 == 0 {
				log.Printf("relay: %d copies delivered", n)
			}
		}
	}()
	return p, nil
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
