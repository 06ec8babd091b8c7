// Package asyncproduce holds ordering cases where a sarama consumer
// forwards each message through an AsyncProducer and marks it before the
// producer reports its delivery.
package asyncproduce

import (
	"log"

	"github.com/IBM/sarama"
)

// newProducer builds the relays' producer, which reports its deliveries,
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

// relay copies each message to another topic and marks it once queued:
// the timer commits messages the producer has not delivered yet.
type relay struct{ producer sarama.AsyncProducer }

func (relay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (relay) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r relay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		r.producer.Input() <- &sarama.ProducerMessage{Topic: "orders.copy", Key: sarama.ByteEncoder(msg.Key), Value: sarama.ByteEncoder(msg.Value)}
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is produced asynchronously by Input, with no wait for its delivery: with auto-commit on, a crash before the delivery loses the message \(at-most-once\)`
	}
	return nil
}

// markingRelay marks each message, then queues its copy, built over
// several lines.
type markingRelay struct{ producer sarama.AsyncProducer }

func (markingRelay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markingRelay) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r *markingRelay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is produced \(asynchronously, by Input\)`
		r.producer.Input() <- &sarama.ProducerMessage{
			Topic: "orders.copy",
			Value: sarama.ByteEncoder(msg.Value),
		}
	}
	return nil
}

// auditRelay builds each copy in a variable before queueing it.
type auditRelay struct{ producer sarama.AsyncProducer }

func (auditRelay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (auditRelay) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r auditRelay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		out := &sarama.ProducerMessage{Topic: "orders.audit", Value: sarama.ByteEncoder(msg.Value)}
		r.producer.Input() <- out
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is produced asynchronously by Input`
	}
	return nil
}

// syncRelay is relay's twin: a SyncProducer returns once the copy is
// delivered.
type syncRelay struct{ producer sarama.SyncProducer }

func (syncRelay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (syncRelay) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r syncRelay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if _, _, err := r.producer.SendMessage(&sarama.ProducerMessage{Topic: "orders.copy", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: after the delivery
	}
	return nil
}
