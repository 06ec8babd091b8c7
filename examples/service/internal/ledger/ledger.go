// Package ledger writes payments from a confluent consumer held in a
// struct field its caller fills.
package ledger

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"github.com/offsetcommit/commitlint/examples/service/internal/store"
)

// Writer holds a consumer configured by the caller.
type Writer struct {
	C  *kafka.Consumer
	St *store.Store
}

// Run writes each message from its own goroutine, which stores the
// message's offset once written.
//
// BUG (hiwater concurrent-commit): StoreMessage only works with
// enable.auto.offset.store off, which is what calling it means; the stores
// then race: a higher offset is stored while lower messages are still being
// written, and the 5000 ms timer commits it (a crash loses them).
func (w *Writer) Run(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := w.C.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		go func() {
			if err := w.St.Save(ctx, m.Value); err != nil {
				log.Printf("save %v: %v", m.TopicPartition, err)
				return
			}
			if _, err := w.C.StoreMessage(m); err != nil { // finding: hiwater concurrent-commit
				log.Printf("store %v: %v", m.TopicPartition, err)
			}
		}()
	}
}

// Sync writes one message at a time and commits it after the write.
//
// CORRECT: the caller turns auto-commit off; CommitMessage runs after the
// write, its error logged (a failed commit means a replay, never a gap).
func Sync(ctx context.Context, c *kafka.Consumer, st *store.Store) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		if err := st.Save(ctx, m.Value); err != nil {
			log.Printf("save %v: %v", m.TopicPartition, err)
			return
		}
		if _, err := c.CommitMessage(m); err != nil {
			log.Printf("commit %v: %v", m.TopicPartition, err)
		}
	}
}
