// Package confluentloop holds ordering cases where a confluent consumer
// with auto-store on (Commit commits every message handed out) reads a
// batch of messages, produces a copy of each asynchronously, and commits
// after the batch.
package confluentloop

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

const batch = 100

// newConsumer builds a consumer that commits only when told to; it keeps
// auto-store on, so Commit commits every message handed out.
func newConsumer(brokers string) (*kafka.Consumer, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  brokers,
		"group.id":           "relay",
		"enable.auto.commit": false,
	})
}

// relay commits a batch whose copies may still be queued in the producer:
// a crash before their delivery loses them.
func relay(brokers string, p *kafka.Producer, topic string) error {
	c, err := newConsumer(brokers)
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		for i := 0; i < batch; i++ {
			m, err := c.ReadMessage(-1)
			if err != nil {
				return err
			}
			if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &topic, Partition: kafka.PartitionAny}, Value: m.Value}, nil); err != nil {
				return err
			}
		}
		if _, err := c.Commit(); err != nil { // want `call to Commit after messages it commits are produced asynchronously by Produce, with no flush of the producer before it`
			return err
		}
	}
}

// relayUnchecked ignores the produce's own error: the fix checks it, or a
// message the producer refused would never report its delivery.
func relayUnchecked(brokers string, p *kafka.Producer, topic string) {
	c, err := newConsumer(brokers)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	for {
		for i := 0; i < batch; i++ {
			ev := c.Poll(100)
			m, ok := ev.(*kafka.Message)
			if !ok {
				continue
			}
			p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &topic, Partition: kafka.PartitionAny}, Value: m.Value}, nil)
		}
		if _, err := c.Commit(); err != nil { // want `call to Commit after messages it commits are produced asynchronously by Produce`
			log.Fatal(err)
		}
	}
}

// relayAwaited waits for each copy's delivery report before the next
// read.
func relayAwaited(brokers string, p *kafka.Producer, topic string) error {
	c, err := newConsumer(brokers)
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		for i := 0; i < batch; i++ {
			m, err := c.ReadMessage(-1)
			if err != nil {
				return err
			}
			delivered := make(chan kafka.Event, 1)
			if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &topic, Partition: kafka.PartitionAny}, Value: m.Value}, delivered); err != nil {
				return err
			}
			if err := (<-delivered).(*kafka.Message).TopicPartition.Error; err != nil {
				return err
			}
		}
		if _, err := c.Commit(); err != nil { // ok: each copy delivered first
			return err
		}
	}
}

// relayFlushed reads the delivery reports from Events() and flushes the
// producer until nothing is left before committing.
func relayFlushed(brokers string, p *kafka.Producer, topic string) error {
	c, err := newConsumer(brokers)
	if err != nil {
		return err
	}
	defer c.Close()
	go func() {
		for ev := range p.Events() {
			if m, ok := ev.(*kafka.Message); ok && m.TopicPartition.Error != nil {
				log.Printf("delivery: %v", m.TopicPartition.Error)
			}
		}
	}()
	for {
		for i := 0; i < batch; i++ {
			m, err := c.ReadMessage(-1)
			if err != nil {
				return err
			}
			if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &topic, Partition: kafka.PartitionAny}, Value: m.Value}, nil); err != nil {
				return err
			}
		}
		for p.Flush(1000) > 0 {
		}
		if _, err := c.Commit(); err != nil { // ok: flushed until nothing is outstanding
			return err
		}
	}
}
