// Package publish holds a service's producer wrappers: the consumers of
// package relay hand each record to them and then commit it.
package publish

import (
	"context"
	"log"
	"sync"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Publisher forwards values to a topic with confluent's producer.
type Publisher struct {
	p     *kafka.Producer
	topic string
}

// New returns a Publisher writing to topic.
func New(p *kafka.Producer, topic string) *Publisher { return &Publisher{p: p, topic: topic} }

// Publish queues the value and returns: the delivery report goes to the
// producer's Events channel.
func (p *Publisher) Publish(key, value []byte) error { // want Publish:`producesAsync\[0 1\]\(Produce\)`
	return p.p.Produce(&kafka.Message{
		TopicPartition: kafka.TopicPartition{Topic: &p.topic, Partition: kafka.PartitionAny},
		Key:            key,
		Value:          value,
	}, nil)
}

// PublishWait waits for the delivery of what it queues.
func (p *Publisher) PublishWait(key, value []byte) error {
	done := make(chan kafka.Event, 1)
	if err := p.p.Produce(&kafka.Message{
		TopicPartition: kafka.TopicPartition{Topic: &p.topic, Partition: kafka.PartitionAny},
		Key:            key,
		Value:          value,
	}, done); err != nil {
		return err
	}
	return (<-done).(*kafka.Message).TopicPartition.Error
}

// PublishFlushed queues the value and flushes the producer before it
// returns.
func (p *Publisher) PublishFlushed(value []byte) error {
	if err := p.p.Produce(&kafka.Message{
		TopicPartition: kafka.TopicPartition{Topic: &p.topic, Partition: kafka.PartitionAny},
		Value:          value,
	}, nil); err != nil {
		return err
	}
	if left := p.p.Flush(5000); left > 0 {
		return context.DeadlineExceeded
	}
	return nil
}

// Heartbeat queues a value built from nothing the caller passes.
func (p *Publisher) Heartbeat(key []byte) error {
	return p.p.Produce(&kafka.Message{
		TopicPartition: kafka.TopicPartition{Topic: &p.topic, Partition: kafka.PartitionAny},
		Value:          []byte("alive"),
	}, nil)
}

// PublishBoth queues the value to its topic and a copy to another:
// neither delivery is awaited.
func (p *Publisher) PublishBoth(value []byte, copyTopic string) error { // want PublishBoth:`producesAsync\[0 1\]\(Produce\)`
	if err := p.p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &p.topic, Partition: kafka.PartitionAny}, Value: value}, nil); err != nil {
		return err
	}
	return p.p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &copyTopic, Partition: kafka.PartitionAny}, Value: value}, nil)
}

// PublishAll queues the value to three topics: none is awaited.
func (p *Publisher) PublishAll(value []byte, a, b string) error { // want PublishAll:`producesAsync\[0 1 2\]\(Produce\)`
	if err := p.p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &p.topic, Partition: kafka.PartitionAny}, Value: value}, nil); err != nil {
		return err
	}
	if err := p.p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &a, Partition: kafka.PartitionAny}, Value: value}, nil); err != nil {
		return err
	}
	return p.p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &b, Partition: kafka.PartitionAny}, Value: value}, nil)
}

// MaybeDrain flushes only once enough is pending: no flush on the other
// path.
func (p *Publisher) MaybeDrain(pending int) error {
	if pending < 100 {
		return nil
	}
	return p.Drain()
}

// PublishLimited waits for a token, then queues the value: the wait
// comes before the produce, not after it.
func (p *Publisher) PublishLimited(tokens <-chan struct{}, value []byte) error { // want PublishLimited:`producesAsync\[1\]\(Produce\)`
	<-tokens
	return p.p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &p.topic, Partition: kafka.PartitionAny}, Value: value}, nil)
}

// Drain waits until every queued value is delivered.
func (p *Publisher) Drain() error { // want Drain:`flushesProducer`
	if p.p == nil {
		return nil // nothing was ever queued
	}
	if left := p.p.Flush(10_000); left > 0 {
		return context.DeadlineExceeded
	}
	return nil
}

// PublishDrained queues the value, then drains the producer through its
// own method.
func (p *Publisher) PublishDrained(value []byte) error {
	if err := p.p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &p.topic, Partition: kafka.PartitionAny}, Value: value}, nil); err != nil {
		return err
	}
	return p.Drain()
}

// Emitter forwards values with franz-go.
type Emitter struct {
	cl    *kgo.Client
	topic string
}

// NewEmitter returns an Emitter writing to topic.
func NewEmitter(cl *kgo.Client, topic string) *Emitter { return &Emitter{cl: cl, topic: topic} }

// Emit queues the value; nothing waits for its promise.
func (e *Emitter) Emit(ctx context.Context, value []byte) error { // want Emit:`producesAsync\[1\]\(Produce\)`
	if len(value) == 0 {
		return nil
	}
	e.cl.Produce(ctx, &kgo.Record{Topic: e.topic, Value: value}, nil)
	return nil
}

// EmitLogged queues the value; its promise only logs a failure.
func (e *Emitter) EmitLogged(ctx context.Context, value []byte) { // want EmitLogged:`producesAsync\[1\]\(Produce\)`
	e.cl.Produce(ctx, &kgo.Record{Topic: e.topic, Value: value}, func(_ *kgo.Record, err error) {
		if err != nil {
			log.Printf("emit: %v", err)
		}
	})
}

// EmitCounted queues the value; its promise tells the caller's group.
func (e *Emitter) EmitCounted(ctx context.Context, value []byte, wg *sync.WaitGroup) {
	wg.Add(1)
	e.cl.Produce(ctx, &kgo.Record{Topic: e.topic, Value: value}, func(*kgo.Record, error) { wg.Done() })
}

// Flush waits for every value queued.
func (e *Emitter) Flush(ctx context.Context) error { return e.cl.Flush(ctx) } // want Flush:`flushesProducer`

// EmitSync produces synchronously.
func (e *Emitter) EmitSync(ctx context.Context, value []byte) error {
	return e.cl.ProduceSync(ctx, &kgo.Record{Topic: e.topic, Value: value}).FirstErr()
}
