package sarama

import (
	"log"

	"github.com/IBM/sarama"
)

// batcher commits the transaction of a batch from a method without
// results, called by the consume loop.
type batcher struct {
	producer sarama.AsyncProducer
	pending  []*sarama.ConsumerMessage
}

// flush logs a failed CommitTxn and returns without AbortTxn: the
// producer accepts no BeginTxn afterwards.
func (b *batcher) flush() {
	if err := b.producer.CommitTxn(); err != nil { // want `a failed CommitTxn is handled without AbortTxn: after an abortable error sarama's producer accepts no BeginTxn until AbortTxn`
		log.Printf("commit txn: %v", err)
		return
	}
	b.pending = b.pending[:0]
}

// flushAborts is flush's twin: the transaction is aborted, so the next
// one can begin.
func (b *batcher) flushAborts() {
	if err := b.producer.CommitTxn(); err != nil { // ok: aborted
		log.Printf("commit txn: %v", err)
		if err := b.producer.AbortTxn(); err != nil {
			log.Printf("abort txn: %v", err)
		}
		return
	}
	b.pending = b.pending[:0]
}
