// Package asyncresult holds ordering cases where a sarama consumer
// forwards each message through an AsyncProducer from a helper that
// returns the bytes it relayed beside its error.
package asyncresult

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

// relay copies each message to another topic, counting the bytes it
// relays.
type relay struct {
	producer sarama.AsyncProducer
	relayed  int
}

func (*relay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*relay) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r *relay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		n, err := r.copy(sess, msg)
		if err != nil {
			return err
		}
		r.relayed += n
	}
	return nil
}

// copy queues msg's copy and marks msg: the timer commits messages the
// producer has not delivered yet.
func (r *relay) copy(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (int, error) {
	r.producer.Input() <- &sarama.ProducerMessage{Topic: "orders.copy", Value: sarama.ByteEncoder(msg.Value)}
	sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is produced asynchronously by Input, with no wait for its delivery: with auto-commit on, a crash before the delivery loses the message \(at-most-once\)`
	return len(msg.Value), nil
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
		if _, err := a.audit(sess, msg); err != nil {
			return err
		}
	}
	return nil
}

// audit saves msg, queues its audit copy and marks it.
func (a auditor) audit(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (int, error) {
	if err := a.save(msg.Value); err != nil {
		return 0, err
	}
	a.producer.Input() <- &sarama.ProducerMessage{Topic: "orders.audit", Value: sarama.ByteEncoder(msg.Value)}
	sess.MarkMessage(msg, "") // ok: saved first, the audit copy is a side channel
	return len(msg.Value), nil
}
