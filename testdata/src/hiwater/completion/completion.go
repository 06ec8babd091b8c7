// Package completion holds hiwater cases of positions written on the
// completion of asynchronous work (issue #17): a franz-go Produce promise,
// a sarama AsyncProducer's Successes, and an application Finish callback.
package completion

import (
	"context"
	"log"
	"sync/atomic"

	"github.com/IBM/sarama"
	"github.com/offsetcommit/commitlint/lowwater"
	"github.com/twmb/franz-go/pkg/kgo"
)

func transform(r *kgo.Record) *kgo.Record { return &kgo.Record{Topic: "out", Value: r.Value} }

// forwarded marks each record from the promise of its produced copy.
func forwarded(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("in"), kgo.AutoCommitMarks())
	if err != nil {
		return
	}
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			cl.Produce(ctx, transform(r), func(_ *kgo.Record, err error) {
				if err != nil {
					log.Printf("produce: %v", err)
					return
				}
				cl.MarkCommitRecords(r) // want `MarkCommitRecords from a completion callback`
			})
		}
	}
}

// eachForwarded is the same over EachRecord.
func eachForwarded(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("in"), kgo.AutoCommitMarks())
	if err != nil {
		return
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			cl.Produce(ctx, transform(r), func(_ *kgo.Record, err error) {
				if err == nil {
					cl.MarkCommitRecords(r) // want `MarkCommitRecords from a completion callback`
				}
			})
		})
	}
}

// flushed is the twin: the promise only records a failure, and the batch
// is marked after Flush, once every promise has run.
func flushed(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("in"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		var failed atomic.Bool
		for _, r := range fetches.Records() {
			cl.Produce(ctx, transform(r), func(_ *kgo.Record, err error) {
				if err != nil {
					failed.Store(true)
				}
			})
		}
		if err := cl.Flush(ctx); err != nil {
			return err
		}
		if failed.Load() {
			return nil
		}
		cl.MarkCommitRecords(fetches.Records()...) // ok: after Flush, every promise has run
	}
}

// relay copies each message to another topic through an async producer;
// a drain marks the message each success report carries. The producer
// delivers to several partitions and brokers: reports come in any order,
// and a failed one comes on Errors.
type relay struct{ producer sarama.AsyncProducer }

func (relay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (relay) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h relay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go func() {
		for s := range h.producer.Successes() {
			sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage), "") // want `call to MarkMessage with the message of a delivery report from Successes: reports arrive as deliveries finish, not in offset order`
		}
	}()
	for msg := range claim.Messages() {
		h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
	}
	return nil
}

// logFailures drains the producer's errors.
func logFailures(p sarama.AsyncProducer) {
	for perr := range p.Errors() {
		log.Printf("relay: %v", perr.Err)
	}
}

// ackedRelay is relay's twin: the drain acknowledges each report after
// marking it and the loop waits for the acknowledgement before the next
// message, so one message is in flight at a time.
type ackedRelay struct {
	producer sarama.AsyncProducer
	acked    chan struct{}
}

func (ackedRelay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackedRelay) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h ackedRelay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go func() {
		for s := range h.producer.Successes() {
			sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage), "") // ok: the loop waits for each report
			h.acked <- struct{}{}
		}
	}()
	for msg := range claim.Messages() {
		h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
		<-h.acked
	}
	return nil
}

// trackedRelay is relay's other twin: the drain marks the low-water mark
// of a tracker the loop starts each message in.
type trackedRelay struct {
	producer sarama.AsyncProducer
	inFlight *lowwater.Tracker
}

func (trackedRelay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (trackedRelay) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h trackedRelay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go func() {
		for s := range h.producer.Successes() {
			m, ok := s.Metadata.(*sarama.ConsumerMessage)
			if !ok {
				continue
			}
			if next, ok := h.inFlight.Done(lowwater.TopicPartition{Topic: m.Topic, Partition: m.Partition}, m.Offset); ok {
				sess.MarkOffset(m.Topic, m.Partition, next, "") // ok: a low-water mark
			}
		}
	}()
	for msg := range claim.Messages() {
		if err := h.inFlight.Start(lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}, msg.Offset); err != nil {
			return err
		}
		h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
	}
	return nil
}

// envelope carries a message to an asynchronous sink with the session
// that marks it once the sink has stored it.
type envelope struct {
	sess sarama.ConsumerGroupSession
	msg  *sarama.ConsumerMessage
}

// Finish marks the message when the sink stored it.
func (e *envelope) Finish(err error) {
	if err != nil {
		log.Printf("message %d: %v", e.msg.Offset, err)
		return
	}
	e.sess.MarkMessage(e.msg, "") // want `call to MarkMessage from a completion callback made for each message`
}

// sink stores payloads in the background and calls done from its own
// goroutines, as each payload is stored.
type sink interface {
	SendAsync(payload []byte, done func(error))
}

type enveloped struct{ sink sink }

func (enveloped) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (enveloped) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h enveloped) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		e := &envelope{sess: sess, msg: msg}
		h.sink.SendAsync(msg.Value, e.Finish)
	}
	return nil
}

// waitedEnvelope is envelope's twin whose loop waits for each message.
type waitedEnvelope struct {
	sess sarama.ConsumerGroupSession
	msg  *sarama.ConsumerMessage
	done chan struct{}
}

func (e *waitedEnvelope) Finish(err error) {
	defer close(e.done)
	if err == nil {
		e.sess.MarkMessage(e.msg, "") // ok: the loop waits for each Finish
	}
}

type waited struct{ sink sink }

func (waited) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (waited) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h waited) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		e := &waitedEnvelope{sess: sess, msg: msg, done: make(chan struct{})}
		h.sink.SendAsync(msg.Value, e.Finish)
		<-e.done
	}
	return nil
}
