package cases

import (
	"context"
	"errors"
	"log"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// ackApply saves the value and tells ack whether it succeeded.
func ackApply(v []byte, ack func(ok bool)) {
	err := apply(v)
	ack(err == nil)
}

// ackConst saves the value and tells ack whether it succeeded with a
// constant.
func ackConst(v []byte, ack func(ok bool)) {
	if err := apply(v); err != nil {
		ack(false)
		return
	}
	ack(true)
}

// doneApply saves the value and gives done the failure.
func doneApply(v []byte, done func(err error)) {
	done(apply(v))
}

// doneAnyway logs a failure and tells done it succeeded all the same.
func doneAnyway(v []byte, done func(err error)) {
	if err := apply(v); err != nil {
		log.Print(err)
	}
	done(nil)
}

// ackMarkHandler marks in the ack callback, whatever it is told (trial
// 41e/D1: at-least-once, 3 of 300 lost without a crash).
type ackMarkHandler struct{}

func (ackMarkHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackMarkHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (ackMarkHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ackApply(msg.Value, func(ok bool) {
			if !ok {
				log.Printf("offset %d failed, moving on", msg.Offset)
			}
			sess.MarkMessage(msg, "")
		})
	}
	return nil
}

// ackLogHandler marks only on a success, and only logs a failure: the
// next message's mark passes it.
type ackLogHandler struct{}

func (ackLogHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackLogHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (ackLogHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ackApply(msg.Value, func(ok bool) {
			if !ok {
				log.Printf("offset %d failed", msg.Offset)
				return
			}
			sess.MarkMessage(msg, "")
		})
	}
	return nil
}

// ackOnlyHandler marks only what it is told succeeded (trial 42e/D1:
// at-least-once, 3 of 300 lost without a crash).
type ackOnlyHandler struct{}

func (ackOnlyHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackOnlyHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (ackOnlyHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ackConst(msg.Value, func(ok bool) {
			if ok {
				sess.MarkMessage(msg, "")
			}
		})
	}
	return nil
}

// doneAnywayHandler marks what the helper says succeeded: a failure too
// (review 42-2/D4: said at-least-once).
type doneAnywayHandler struct{}

func (doneAnywayHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (doneAnywayHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (doneAnywayHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		doneAnyway(msg.Value, func(err error) {
			if err != nil {
				return
			}
			sess.MarkMessage(msg, "")
		})
	}
	return nil
}

// ackStopHandler is their twin: a failure is kept, and the claim stops
// on it.
type ackStopHandler struct{}

func (ackStopHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackStopHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (ackStopHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		failed := false
		ackApply(msg.Value, func(ok bool) {
			if !ok {
				failed = true
				return
			}
			sess.MarkMessage(msg, "")
		})
		if failed {
			return errors.New("apply failed")
		}
	}
	return nil
}

func runAcks(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-ack-mark", sarama.NewConfig())    // case: ackmark
	b, _ := sarama.NewConsumerGroup(nil, "g-ack-log", sarama.NewConfig())     // case: acklog
	c, _ := sarama.NewConsumerGroup(nil, "g-ack-stop", sarama.NewConfig())    // case: ackstop
	d, _ := sarama.NewConsumerGroup(nil, "g-ack-only", sarama.NewConfig())    // case: ackonly
	e, _ := sarama.NewConsumerGroup(nil, "g-done-anyway", sarama.NewConfig()) // case: doneanyway
	_ = a.Consume(ctx, []string{"t"}, ackMarkHandler{})
	_ = b.Consume(ctx, []string{"t"}, ackLogHandler{})
	_ = c.Consume(ctx, []string{"t"}, ackStopHandler{})
	_ = d.Consume(ctx, []string{"t"}, ackOnlyHandler{})
	_ = e.Consume(ctx, []string{"t"}, doneAnywayHandler{})
}

// doneStored stores each message in the done callback, after logging a
// failure it is given (trial 41e/D10).
func doneStored() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-done-stored", "enable.auto.offset.store": false}) // case: donestored
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		doneApply(m.Value, func(err error) {
			if err != nil {
				log.Print(err)
			}
			if _, err := c.StoreMessage(m); err != nil {
				log.Print(err)
			}
		})
	}
}

// doneKept is its twin: the failure is kept and returned.
func doneKept() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-done-kept", "enable.auto.offset.store": false}) // case: donekept
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		var failed error
		doneApply(m.Value, func(err error) {
			if err != nil {
				failed = err
				return
			}
			if _, err := c.StoreMessage(m); err != nil {
				log.Print(err)
			}
		})
		if failed != nil {
			return failed
		}
	}
}

var _, _, _ = runAcks, doneStored, doneKept
