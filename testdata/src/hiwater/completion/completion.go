// Package completion holds hiwater cases of positions written on the
// completion of asynchronous work (issue #17): a franz-go Produce promise,
// a sarama AsyncProducer's Successes, and an application Finish callback.
package completion

import (
	"context"
	"log"
	"sync/atomic"

	"github.com/IBM/sarama"
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
