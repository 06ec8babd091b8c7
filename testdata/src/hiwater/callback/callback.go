// Package callback holds hiwater cases of completion callbacks: a function
// literal made for each message that marks it, run when the message's work
// is done, in completion order.
package callback

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/offsetcommit/commitlint/lowwater"
)

// shipment is a payload queued for the shipper with its completion.
type shipment struct {
	payload []byte
	done    func(error)
}

// shipper batches payloads and ships them from its own goroutine, calling
// each shipment's done once it is stored (or has failed for good).
type shipper struct{ queue chan shipment }

// Ship queues payload; done runs later, on the shipper's goroutine.
func (s *shipper) Ship(payload []byte, done func(error)) {
	s.queue <- shipment{payload: payload, done: done}
}

// Do runs fn and returns.
func (s *shipper) Do(fn func()) { fn() }

// publisher is an asynchronous client: cb runs once the broker has
// acknowledged data.
type publisher interface {
	PublishAsync(data []byte, cb func(error))
}

// job is a message handed to a worker with the function it calls when
// done.
type job struct {
	msg    *sarama.ConsumerMessage
	finish func()
}

type handler struct {
	ship *shipper
	pub  publisher
	jobs chan job
}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error {
	return nil
}

// shipped marks each message from the shipper's completion callback.
func (h handler) shipped(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.ship.Ship(msg.Value, func(err error) {
			if err != nil {
				log.Printf("ship %d: %v", msg.Offset, err)
				return
			}
			sess.MarkMessage(msg, "") // want `call to MarkMessage from a completion callback made for each message: callbacks run as the work finishes, in any order, and sarama marks are forward-only`
		})
	}
	return nil
}

// published marks each message once the publisher acknowledges it.
func (h handler) published(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.pub.PublishAsync(msg.Value, func(err error) {
			if err == nil {
				sess.MarkMessage(msg, "") // want `call to MarkMessage from a completion callback`
			}
		})
	}
	return nil
}

// finished hands each message to the workers with a finish function that
// marks it.
func (h handler) finished(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.jobs <- job{msg: msg, finish: func() {
			sess.MarkMessage(msg, "") // want `call to MarkMessage from a completion callback`
		}}
	}
	return nil
}

// offered hands each message over in a select that gives up when the
// session ends, with a finish function that marks it.
func (h handler) offered(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		select {
		case h.jobs <- job{msg: msg, finish: func() { sess.MarkMessage(msg, "") }}: // want `call to MarkMessage from a completion callback`
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}

// shippedWaited is shipped's twin: the loop waits for each callback.
func (h handler) shippedWaited(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		done := make(chan struct{})
		h.ship.Ship(msg.Value, func(err error) {
			defer close(done)
			if err == nil {
				sess.MarkMessage(msg, "") // ok: the loop waits for the callback
			}
		})
		<-done
	}
	return nil
}

// inPlace passes the mark to a function that calls it at once.
func (h handler) inPlace(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.ship.Do(func() {
			sess.MarkMessage(msg, "") // ok: Do runs it before returning
		})
	}
	return nil
}

// tracked is the fixed shape: the callback marks the tracker's low-water
// mark.
func (h handler) tracked(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	tr := lowwater.New()
	for msg := range claim.Messages() {
		tp := lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}
		if err := tr.Start(tp, msg.Offset); err != nil {
			return err
		}
		h.ship.Ship(msg.Value, func(err error) {
			if next, ok := tr.Done(tp, msg.Offset); ok {
				sess.MarkOffset(msg.Topic, msg.Partition, next, "") // ok: a low-water mark
			}
		})
	}
	return nil
}

// run keeps the shipper busy: it stores each payload and completes it.
func (s *shipper) run(ctx context.Context, store func(context.Context, []byte) error) {
	for sh := range s.queue {
		sh.done(store(ctx, sh.payload))
	}
}
