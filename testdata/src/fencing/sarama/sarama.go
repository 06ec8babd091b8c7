// Package sarama: sarama consume-transform-produce handlers whose
// CommitTxn failure is discarded, only logged, ignored when fenced, or
// returned without AbortTxn, beside the correct ones.
package sarama

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/IBM/sarama"
)

const group = "enricher"

type handler struct {
	producer sarama.SyncProducer
}

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// produce sends the enriched record and adds the consumed offset to the
// transaction.
func (h *handler) produce(msg *sarama.ConsumerMessage) error {
	if err := h.producer.BeginTxn(); err != nil {
		return err
	}
	if _, _, err := h.producer.SendMessage(&sarama.ProducerMessage{Topic: "enriched", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
		return err
	}
	return h.producer.AddMessageToTxn(msg, group, nil)
}

// discarded drops CommitTxn's error.
type discarded struct{ handler }

func (h *discarded) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.produce(msg); err != nil {
			return err
		}
		h.producer.CommitTxn() // want `the error of CommitTxn is discarded while the loop carries on: sarama accepts no BeginTxn after a failed CommitTxn until AbortTxn is called`
	}
	return nil
}

// logged only logs it and moves to the next message.
type logged struct{ handler }

func (h *logged) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.produce(msg); err != nil {
			return err
		}
		if err := h.producer.CommitTxn(); err != nil { // want `the error of CommitTxn is only logged while the loop carries on`
			log.Printf("commit txn at %d: %v", msg.Offset, err)
			continue
		}
	}
	return nil
}

// fenced returns every error but a fenced producer's.
type fenced struct{ handler }

func (h *fenced) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.produce(msg); err != nil {
			return err
		}
		err := h.producer.CommitTxn()
		if err == sarama.ErrProducerFenced { // want `the fencing error ErrProducerFenced from CommitTxn is recognised and ignored, and the loop carries on`
			continue
		}
		if err != nil {
			if abortErr := h.producer.AbortTxn(); abortErr != nil {
				return abortErr
			}
			return err
		}
	}
	return nil
}

// noAbort returns the error but leaves the transaction open: the next
// session's BeginTxn fails on the same producer.
type noAbort struct{ handler }

func (h *noAbort) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.produce(msg); err != nil {
			return err
		}
		if err := h.producer.CommitTxn(); err != nil { // want `a failed CommitTxn is handled without AbortTxn: after an abortable error sarama's producer accepts no BeginTxn until AbortTxn`
			return fmt.Errorf("commit txn: %w", err)
		}
	}
	return nil
}

// aborted is the correct handler: abort, then return, which ends the
// session and re-reads the claim from the last committed transaction.
type aborted struct{ handler }

func (h *aborted) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.produce(msg); err != nil {
			return err
		}
		if err := h.producer.CommitTxn(); err != nil { // ok: aborted and returned
			if abortErr := h.producer.AbortTxn(); abortErr != nil {
				return fmt.Errorf("abort txn: %w", abortErr)
			}
			return fmt.Errorf("commit txn: %w", err)
		}
	}
	return nil
}

// abortedOn aborts and reads on: the claim is not rewound, so the next
// transaction commits a later offset and the aborted message is lost
// (fixed by returning after the abort, which ends the claim).
type abortedOn struct{ handler }

func (h *abortedOn) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.produce(msg); err != nil {
			return err
		}
		if err := h.producer.CommitTxn(); err != nil { // want `a failed CommitTxn is aborted while the loop carries on without rewinding the consumer`
			log.Printf("commit txn: %v", err)
			h.producer.AbortTxn()
			continue
		}
	}
	return nil
}

// abortedReset aborts and resets the session's offset to the message, as
// sarama's exactly-once example does: ResetOffset only moves the session's
// mark, which the transaction does not commit, and the claim reads on, so
// the next transaction commits past the aborted message (fixed by
// returning after the abort, which ends the claim).
type abortedReset struct{ handler }

func (h *abortedReset) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.produce(msg); err != nil {
			return err
		}
		if err := h.producer.CommitTxn(); err != nil { // want `a failed CommitTxn is aborted while the loop carries on without rewinding the consumer`
			log.Printf("commit txn: %v", err)
			h.producer.AbortTxn()
			sess.ResetOffset(msg.Topic, msg.Partition, msg.Offset, "")
		}
	}
	return nil
}

// perCall makes a producer for one batch: returning abandons it, and a new
// producer with the same transactional id fences the open transaction.
func perCall(addrs []string, cfg *sarama.Config, msgs []*sarama.ConsumerMessage) error {
	p, err := sarama.NewSyncProducer(addrs, cfg)
	if err != nil {
		return err
	}
	defer p.Close()
	if err := p.BeginTxn(); err != nil {
		return err
	}
	for _, m := range msgs {
		if err := p.AddMessageToTxn(m, group, nil); err != nil {
			return err
		}
	}
	if err := p.CommitTxn(); err != nil { // ok: the producer is local to this call
		return err
	}
	return nil
}

// fatal exits on a failed commit.
type fatal struct{ handler }

func (h *fatal) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.produce(msg); err != nil {
			return err
		}
		if err := h.producer.CommitTxn(); err != nil {
			log.Fatalf("commit txn: %v", err) // ok: the process exits
		}
		sess.Commit() // ok: sarama's Commit returns nothing
	}
	return nil
}

// drain reads sarama's Errors channel, where commit errors arrive, and
// skips rebalance errors: sarama rejoins by itself.
func drain(ctx context.Context, g sarama.ConsumerGroup) {
	go func() {
		for err := range g.Errors() {
			if errors.Is(err, sarama.ErrRebalanceInProgress) {
				continue // ok: draining Errors() is where sarama reports them
			}
			log.Printf("consumer group: %v", err)
		}
	}()
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"raw"}, &aborted{}); err != nil {
			log.Printf("consume: %v", err)
			return
		}
	}
}

// deferredAbort returns CommitTxn's failure through a named result, which
// a deferred closure checks to abort.
type deferredAbort struct{ handler }

func (h *deferredAbort) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) (err error) {
	defer func() {
		if err != nil {
			if abortErr := h.producer.AbortTxn(); abortErr != nil {
				log.Printf("abort txn: %v", abortErr)
			}
		}
	}()
	for msg := range claim.Messages() {
		if err = h.produce(msg); err != nil {
			return err
		}
		if err = h.producer.CommitTxn(); err != nil { // ok: the deferred closure aborts on the named error
			return err
		}
	}
	return nil
}

// addAborted aborts when AddMessageToTxn fails and reads on: the abort
// discards the transaction's output while the claim has moved past the
// message, so it is lost (fixed by returning after the abort).
type addAborted struct{ handler }

func (h *addAborted) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.producer.BeginTxn(); err != nil {
			return err
		}
		if _, _, err := h.producer.SendMessage(&sarama.ProducerMessage{Topic: "enriched", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
			return err
		}
		if err := h.producer.AddMessageToTxn(msg, group, nil); err != nil { // want `a failed AddMessageToTxn is aborted while the loop carries on without rewinding the consumer`
			log.Printf("add to txn: %v", err)
			if aerr := h.producer.AbortTxn(); aerr != nil {
				return aerr
			}
			continue
		}
		if err := h.producer.CommitTxn(); err != nil {
			if aerr := h.producer.AbortTxn(); aerr != nil {
				return aerr
			}
			return err
		}
	}
	return nil
}

// addReturned is addAborted's twin: it returns after the abort, which
// ends the claim; an unchecked AddMessageToTxn error comes back from
// CommitTxn.
type addReturned struct{ handler }

func (h *addReturned) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.producer.BeginTxn(); err != nil {
			return err
		}
		if _, _, err := h.producer.SendMessage(&sarama.ProducerMessage{Topic: "enriched", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
			return err
		}
		if err := h.producer.AddMessageToTxn(msg, group, nil); err != nil {
			if aerr := h.producer.AbortTxn(); aerr != nil {
				return aerr
			}
			return err
		}
		_ = h.producer.AddOffsetsToTxn(nil, group) // ok: its error comes back from CommitTxn
		if err := h.producer.CommitTxn(); err != nil {
			if aerr := h.producer.AbortTxn(); aerr != nil {
				return aerr
			}
			return err
		}
	}
	return nil
}
