// Package asyncundrained holds ordering cases where a sarama consumer
// forwards each message through an AsyncProducer that reports successes
// nobody in the package reads.
package asyncundrained

import (
	"log"

	"github.com/IBM/sarama"
)

// newProducer builds the relay's producer and logs its failures; its
// successes are turned on but never drained.
func newProducer(brokers []string) (sarama.AsyncProducer, error) {
	cfg := sarama.NewConfig()
	cfg.Producer.Return.Successes = true
	p, err := sarama.NewAsyncProducer(brokers, cfg)
	if err != nil {
		return nil, err
	}
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
		r.producer.Input() <- &sarama.ProducerMessage{Topic: "orders.copy", Value: sarama.ByteEncoder(msg.Value)}
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is produced asynchronously by Input, with no wait for its delivery`
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
