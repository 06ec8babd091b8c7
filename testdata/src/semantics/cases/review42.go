package cases

import (
	"context"
	"log"
	"sync/atomic"

	"github.com/IBM/sarama"
)

// Review 42-1: twins and near variants of batch 1's rules.

// assignedResultHandler keeps the failure in the result it returns: the
// deferred mark, guarded by it, marks nothing (D1: said neither).
type assignedResultHandler struct{}

func (assignedResultHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (assignedResultHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (assignedResultHandler) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (err error) {
	defer func() {
		if err != nil {
			return
		}
		sess.MarkMessage(msg, "")
	}()
	if err = apply(msg.Value); err != nil {
		log.Printf("offset %d: %v", msg.Offset, err)
		return
	}
	return nil
}

func (h assignedResultHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.handle(sess, msg); err != nil {
			return err
		}
	}
	return nil
}

// nilOverHandler keeps the failure in the result, then returns nil over
// it: the deferred mark passes the failed message (review 42-2/D2: said
// at-least-once).
type nilOverHandler struct{}

func (nilOverHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (nilOverHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (nilOverHandler) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (err error) {
	defer func() {
		if err != nil {
			return
		}
		sess.MarkMessage(msg, "")
	}()
	if err = apply(msg.Value); err != nil {
		log.Printf("offset %d: %v", msg.Offset, err)
		return nil
	}
	return nil
}

func (h nilOverHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.handle(sess, msg); err != nil {
			return err
		}
	}
	return nil
}

// localGuardHandler guards the deferred mark by a local the shadowing
// failure never sets (D7: said at-least-once).
type localGuardHandler struct{}

func (localGuardHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (localGuardHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (localGuardHandler) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	var err error
	defer func() {
		if err == nil {
			sess.MarkMessage(msg, "")
		}
	}()
	if err := apply(msg.Value); err != nil {
		log.Printf("offset %d: %v", msg.Offset, err)
		return
	}
}

func (h localGuardHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.handle(sess, msg)
	}
	return nil
}

// doneOnSuccess calls done only once the value is applied, and returns
// a failure.
func doneOnSuccess(v []byte, done func(err error)) error {
	if err := apply(v); err != nil {
		return err
	}
	done(nil)
	return nil
}

// doneNilHandler stops on the returned failure: the callback hears of no
// failure (D2: said neither).
type doneNilHandler struct{}

func (doneNilHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (doneNilHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (doneNilHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := doneOnSuccess(msg.Value, func(error) { sess.MarkMessage(msg, "") }); err != nil {
			return err
		}
	}
	return nil
}

// ackDeadLetterHandler dead-letters a failure in the callback before the
// mark, and stops when that fails (D3: said neither).
type ackDeadLetterHandler struct{ p sarama.SyncProducer }

func (ackDeadLetterHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackDeadLetterHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h ackDeadLetterHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var dlqErr error
		ackApply(msg.Value, func(ok bool) {
			if !ok {
				if _, _, err := h.p.SendMessage(&sarama.ProducerMessage{Topic: "dlq", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
					dlqErr = err
					return
				}
			}
			sess.MarkMessage(msg, "")
		})
		if dlqErr != nil {
			return dlqErr
		}
	}
	return nil
}

// ackGeneric is ackApply for any value (D5: said at-least-once).
func ackGeneric[T any](v T, ack func(ok bool)) {
	ack(apply(v) == nil)
}

type ackGenericHandler struct{}

func (ackGenericHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackGenericHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (ackGenericHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ackGeneric(msg.Value, func(ok bool) {
			if !ok {
				log.Printf("offset %d failed", msg.Offset)
			}
			sess.MarkMessage(msg, "")
		})
	}
	return nil
}

// atomicFastHandler stops on a failure only when an atomic setting says
// so (D6: said at-least-once).
type atomicFastHandler struct{ failFast atomic.Bool }

func (*atomicFastHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*atomicFastHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *atomicFastHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg.Value); err != nil {
			if h.failFast.Load() {
				return err
			}
			log.Print(err)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// applyResult is what applyFlagged answers.
type applyResult struct{ Retryable bool }

func applyFlagged(v []byte) (applyResult, error) { return applyResult{}, apply(v) }

// flaggedHandler tells failures apart by what the processing answers:
// a failure it says is not worth retrying is dropped on purpose (D8:
// said neither).
type flaggedHandler struct{}

func (flaggedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (flaggedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (flaggedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		res, err := applyFlagged(msg.Value)
		if err != nil {
			if res.Retryable {
				return err
			}
			log.Printf("dropping offset %d: %v", msg.Offset, err)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runReview42(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-r42-assigned", sarama.NewConfig())   // case: r42assigned
	b, _ := sarama.NewConsumerGroup(nil, "g-r42-local", sarama.NewConfig())      // case: r42local
	c, _ := sarama.NewConsumerGroup(nil, "g-r42-donenil", sarama.NewConfig())    // case: r42donenil
	d, _ := sarama.NewConsumerGroup(nil, "g-r42-deadletter", sarama.NewConfig()) // case: r42deadletter
	e, _ := sarama.NewConsumerGroup(nil, "g-r42-generic", sarama.NewConfig())    // case: r42generic
	f, _ := sarama.NewConsumerGroup(nil, "g-r42-atomic", sarama.NewConfig())     // case: r42atomic
	g, _ := sarama.NewConsumerGroup(nil, "g-r42-flagged", sarama.NewConfig())    // case: r42flagged
	h, _ := sarama.NewConsumerGroup(nil, "g-r42-nilover", sarama.NewConfig())    // case: r42nilover
	_ = a.Consume(ctx, []string{"t"}, assignedResultHandler{})
	_ = b.Consume(ctx, []string{"t"}, localGuardHandler{})
	_ = c.Consume(ctx, []string{"t"}, doneNilHandler{})
	_ = d.Consume(ctx, []string{"t"}, ackDeadLetterHandler{})
	_ = e.Consume(ctx, []string{"t"}, ackGenericHandler{})
	_ = f.Consume(ctx, []string{"t"}, &atomicFastHandler{})
	_ = g.Consume(ctx, []string{"t"}, flaggedHandler{})
	_ = h.Consume(ctx, []string{"t"}, nilOverHandler{})
}

var _ = runReview42
