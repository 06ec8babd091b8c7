package cases

import (
	"context"
	"database/sql"
	"sync"
	"time"

	"github.com/IBM/sarama"
)

// A claim appending each message to a local buffer under a lock and
// marking it at once, while a goroutine takes the buffer on a tick and
// writes it (trial 46a/D5, OpenIM's msg-transfer: 220 of 300 lost): the
// marks pass messages the buffer still holds. Its twin marks in the
// goroutine, after the write.
type sharedBuffer struct{ db *sql.DB }

func (*sharedBuffer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*sharedBuffer) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *sharedBuffer) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var mu sync.Mutex
	var pending []*sarama.ConsumerMessage
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	go func() {
		for range tick.C {
			mu.Lock()
			batch := pending
			pending = nil
			mu.Unlock()
			for _, m := range batch {
				_, _ = h.db.Exec(`INSERT INTO t (v) VALUES ($1)`, m.Value)
			}
		}
	}()
	for msg := range claim.Messages() {
		mu.Lock()
		pending = append(pending, msg)
		mu.Unlock()
		sess.MarkMessage(msg, "")
	}
	return nil
}

type sharedMarked struct{ db *sql.DB }

func (*sharedMarked) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*sharedMarked) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *sharedMarked) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var mu sync.Mutex
	var pending []*sarama.ConsumerMessage
	var wg sync.WaitGroup
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-tick.C:
			case <-sess.Context().Done():
				return
			}
			mu.Lock()
			batch := pending
			pending = nil
			mu.Unlock()
			for _, m := range batch {
				if _, err := h.db.Exec(`INSERT INTO t (v) VALUES ($1)`, m.Value); err != nil {
					return
				}
				sess.MarkMessage(m, "")
			}
		}
	}()
	for msg := range claim.Messages() {
		mu.Lock()
		pending = append(pending, msg)
		mu.Unlock()
	}
	wg.Wait()
	return nil
}

func runSharedBuffer(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-shared-buffer", sarama.NewConfig()) // case: sharedbuffer
	_ = g.Consume(ctx, []string{"t"}, &sharedBuffer{db: db})
}

func runSharedMarked(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-shared-marked", sarama.NewConfig()) // case: sharedmarked
	_ = g.Consume(ctx, []string{"t"}, &sharedMarked{db: db})
}
