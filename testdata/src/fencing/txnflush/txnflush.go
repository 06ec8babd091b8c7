// Package txnflush: transactions committed by a helper without results,
// which a consume loop calls once per batch; nothing can tell a caller
// that the commit failed.
package txnflush

import (
	"context"
	"log"
	"time"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type batcher struct {
	c *kafka.Consumer
	p *kafka.Producer
	n int
}

// flush commits the batch's transaction and forgets its error.
func (b *batcher) flush(ctx context.Context) {
	b.p.CommitTransaction(ctx) // want `the error of CommitTransaction is discarded: confluent-kafka-go accepts no BeginTransaction after a failed CommitTransaction`
	b.n = 0
}

func (b *batcher) run(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := b.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if b.n == 0 {
			if err := b.p.BeginTransaction(); err != nil {
				log.Fatalf("begin transaction: %v", err)
			}
		}
		if err := b.p.Produce(m, nil); err != nil {
			log.Fatalf("produce: %v", err)
		}
		if b.n++; b.n == 100 {
			b.flush(ctx)
		}
	}
}

// flushStopping stops the process when the commit fails: the restarted
// consumer resumes from the last committed transaction's offsets.
func (b *batcher) flushStopping(ctx context.Context) {
	if err := b.p.CommitTransaction(ctx); err != nil { // ok: the process stops
		log.Fatalf("commit transaction: %v", err)
	}
	b.n = 0
}

// flushReturning returns the error to the loop, which stops.
func (b *batcher) flushReturning(ctx context.Context) error {
	if err := b.p.CommitTransaction(ctx); err != nil { // ok: returned
		return err
	}
	b.n = 0
	return nil
}

type txnWriter struct {
	producer sarama.AsyncProducer
}

// commit is called by a claim loop after each message; its blank
// discards the failure.
func (w *txnWriter) commit() {
	_ = w.producer.CommitTxn() // want `the error of CommitTxn is discarded: sarama accepts no BeginTxn`
}

// commitChecked returns the failure after aborting.
func (w *txnWriter) commitChecked() error {
	if err := w.producer.CommitTxn(); err != nil { // ok: aborted and returned
		if abortErr := w.producer.AbortTxn(); abortErr != nil {
			return abortErr
		}
		return err
	}
	return nil
}
