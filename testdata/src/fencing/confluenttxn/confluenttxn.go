// Package confluenttxn: confluent-kafka-go transactional loops whose
// CommitTransaction error is swallowed, and consumers whose commit errors
// are discarded, beside the correct ones.
package confluenttxn

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func transform(m *kafka.Message) *kafka.Message { return m }

func offsetsOf(m *kafka.Message) []kafka.TopicPartition {
	tp := m.TopicPartition
	tp.Offset++
	return []kafka.TopicPartition{tp}
}

// send produces the transformed message and adds the consumed offset to
// the transaction.
func send(ctx context.Context, c *kafka.Consumer, p *kafka.Producer, m *kafka.Message) error {
	if err := p.BeginTransaction(); err != nil {
		return err
	}
	if err := p.Produce(transform(m), nil); err != nil {
		return err
	}
	md, err := c.GetConsumerGroupMetadata()
	if err != nil {
		return err
	}
	return p.SendOffsetsToTransaction(ctx, offsetsOf(m), md)
}

func newConsumer() (*kafka.Consumer, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{"group.id": "etl", "enable.auto.commit": false})
}

// commitLogged logs a failed transaction and reads on.
func commitLogged(ctx context.Context, p *kafka.Producer) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil { // want `the error of CommitTransaction is only logged while the loop carries on: confluent-kafka-go accepts no BeginTransaction after a failed CommitTransaction`
			log.Printf("commit transaction: %v", err)
		}
	}
	return nil
}

// commitDiscarded ignores it in a function without results.
func commitDiscarded(ctx context.Context, p *kafka.Producer) {
	c, err := newConsumer()
	if err != nil {
		return
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			log.Printf("send: %v", err)
			return
		}
		p.CommitTransaction(ctx) // want `the error of CommitTransaction is discarded while the loop carries on`
	}
}

// fencedSkipped recognises a fenced producer and reads on.
func fencedSkipped(ctx context.Context, p *kafka.Producer) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil {
			var kerr kafka.Error
			if errors.As(err, &kerr) && kerr.Code() == kafka.ErrProducerFenced { // want `the fencing error ErrProducerFenced from CommitTransaction is recognised and ignored`
				log.Printf("fenced: %v", err)
				continue
			}
			return err
		}
	}
	return nil
}

// aborted is the correct loop: abort and return, so the process restarts
// from the last committed transaction.
func aborted(ctx context.Context, p *kafka.Producer) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil { // ok: aborted and returned
			if abortErr := p.AbortTransaction(ctx); abortErr != nil {
				return abortErr
			}
			return fmt.Errorf("commit transaction: %w", err)
		}
	}
	return nil
}

// abortOnly aborts and carries on: without a rewind the consumer has
// still moved past the message, and the next transaction commits a later
// offset (fixed by seeking back to the message, the one this iteration's
// transaction held).
func abortOnly(ctx context.Context, p *kafka.Producer) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil { // want `a failed CommitTransaction is aborted while the loop carries on without rewinding the consumer: the abort discards the transaction's output and offsets, but the consumer has already moved past the message, so the next successful transaction commits later offsets and the aborted message is lost`
			log.Printf("commit transaction: %v", err)
			p.AbortTransaction(ctx)
		}
	}
	return nil
}

// rewind seeks the message's partition back to it, so that it is read
// again.
func rewind(c *kafka.Consumer, m *kafka.Message) {
	if err := c.Seek(m.TopicPartition, -1); err != nil {
		log.Fatalf("rewind: %v", err)
	}
}

// abortRewound aborts and rewinds the consumer to the message.
func abortRewound(ctx context.Context, p *kafka.Producer) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil { // ok: aborted and rewound
			log.Printf("commit transaction: %v", err)
			p.AbortTransaction(ctx)
			rewind(c, m)
		}
	}
	return nil
}

// abortBatch runs one transaction over several messages and carries on
// after an abort: which messages to seek back to is not at hand, so the
// fix stops the loop (the consumer resumes from the committed offsets).
func abortBatch(ctx context.Context, p *kafka.Producer) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		if err := p.BeginTransaction(); err != nil {
			return err
		}
		for i := 0; i < 100; i++ {
			m, err := c.ReadMessage(time.Second)
			if err != nil {
				break
			}
			if err := p.Produce(transform(m), nil); err != nil {
				return err
			}
		}
		if err := p.CommitTransaction(ctx); err != nil { // want `a failed CommitTransaction is aborted while the loop carries on without rewinding the consumer`
			p.AbortTransaction(ctx)
			continue
		}
	}
	return nil
}

// commitDropped discards a plain commit's error.
func commitDropped(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = transform(m)
		c.CommitMessage(m) // want `the error of CommitMessage is discarded: a failed commit`
	}
	return nil
}

// commitBlank discards it with blanks.
func commitBlank(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = transform(m)
		_, _ = c.CommitOffsets(offsetsOf(m)) // want `the error of CommitOffsets is discarded`
	}
	return nil
}

// partsKept keeps the committed partitions and drops the error.
func partsKept(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	var last []kafka.TopicPartition
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = transform(m)
		last, _ = c.CommitMessage(m) // want `the error of CommitMessage is discarded`
	}
	log.Printf("last commit: %v", last)
	return nil
}

// commitChecked returns it.
func commitChecked(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = transform(m)
		if _, err := c.CommitMessage(m); err != nil { // ok: returned
			return fmt.Errorf("commit: %w", err)
		}
		c.StoreMessage(m) // ok: stores belong to autocommit (store-ignored)
	}
	return nil
}

// sendLogged logs a failed SendOffsetsToTransaction and commits anyway.
func sendLogged(ctx context.Context, p *kafka.Producer) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := p.BeginTransaction(); err != nil {
			return err
		}
		if err := p.Produce(transform(m), nil); err != nil {
			return err
		}
		md, err := c.GetConsumerGroupMetadata()
		if err != nil {
			return err
		}
		if err := p.SendOffsetsToTransaction(ctx, offsetsOf(m), md); err != nil { // want `the error of SendOffsetsToTransaction is only logged while the loop carries on: if the transaction still commits \(after a retriable failure it does\), its output is committed without the consumed offsets`
			log.Printf("send offsets: %v", err)
		}
		if err := p.CommitTransaction(ctx); err != nil {
			return err
		}
	}
	return nil
}

// sendAborted aborts and returns when the offsets cannot be sent.
func sendAborted(ctx context.Context, p *kafka.Producer) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := p.BeginTransaction(); err != nil {
			return err
		}
		if err := p.Produce(transform(m), nil); err != nil {
			return err
		}
		md, err := c.GetConsumerGroupMetadata()
		if err != nil {
			return err
		}
		if err := p.SendOffsetsToTransaction(ctx, offsetsOf(m), md); err != nil { // ok: aborted and returned
			_ = p.AbortTransaction(ctx)
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil {
			_ = p.AbortTransaction(ctx)
			return err
		}
	}
	return nil
}

// sendAbortedOn aborts when SendOffsetsToTransaction fails and reads on:
// the abort discards the message's output while the consumer has moved
// past it (fixed by rewinding its partition to the message).
func sendAbortedOn(ctx context.Context, p *kafka.Producer) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := p.BeginTransaction(); err != nil {
			return err
		}
		if err := p.Produce(transform(m), nil); err != nil {
			return err
		}
		md, err := c.GetConsumerGroupMetadata()
		if err != nil {
			return err
		}
		if err := p.SendOffsetsToTransaction(ctx, offsetsOf(m), md); err != nil { // want `a failed SendOffsetsToTransaction is aborted while the loop carries on without rewinding the consumer`
			_ = p.AbortTransaction(ctx)
			continue
		}
		if err := p.CommitTransaction(ctx); err != nil {
			_ = p.AbortTransaction(ctx)
			return err
		}
	}
	return nil
}

// countLogged counts the transactions it commits, and only logs a failed
// one (fixed by returning a zero count with the error).
func countLogged(ctx context.Context, p *kafka.Producer) (int, error) {
	c, err := newConsumer()
	if err != nil {
		return 0, err
	}
	defer c.Close()
	n := 0
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			return n, err
		}
		if err := p.CommitTransaction(ctx); err != nil { // want `the error of CommitTransaction is only logged while the loop carries on`
			log.Printf("commit transaction: %v", err)
			continue
		}
		n++
	}
	return n, nil
}

// countReturned returns the count so far with the error.
func countReturned(ctx context.Context, p *kafka.Producer) (int, error) {
	c, err := newConsumer()
	if err != nil {
		return 0, err
	}
	defer c.Close()
	n := 0
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			return n, err
		}
		if err := p.CommitTransaction(ctx); err != nil { // ok: returned
			return n, fmt.Errorf("commit transaction: %w", err)
		}
		n++
	}
	return n, nil
}

// finalCommit commits the stored offsets at shutdown in a deferred
// closure and drops the error.
func finalCommit(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	defer func() {
		c.Commit() // want `the error of Commit is discarded`
	}()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := c.StoreMessage(transform(m)); err != nil {
			return err
		}
	}
	return nil
}

// deferredAbort returns CommitTransaction's failure through a named
// result, which a deferred closure checks to abort.
func deferredAbort(ctx context.Context, c *kafka.Consumer, p *kafka.Producer, m *kafka.Message) (err error) {
	defer func() {
		if err != nil {
			if abortErr := p.AbortTransaction(ctx); abortErr != nil {
				log.Printf("abort transaction: %v", abortErr)
			}
		}
	}()
	if err = send(ctx, c, p, m); err != nil {
		return err
	}
	if err = p.CommitTransaction(ctx); err != nil { // ok: returned, and the deferred closure aborts on the named error
		return err
	}
	return nil
}
