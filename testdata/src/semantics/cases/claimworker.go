package cases

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
)

// One worker per claim, taking the claim's messages from a channel,
// saving and marking them in the order it takes them; the claim waits
// for it (fix-quality hunt 45x/D4: the tool's own one-worker fix). Its
// twin runs four workers, whose marks follow completion order.
type claimWorker struct{ db *sql.DB }

func (*claimWorker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*claimWorker) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *claimWorker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range jobs {
			if _, err := h.db.Exec(`INSERT INTO t (v) VALUES ($1)`, m.Value); err != nil {
				return
			}
			sess.MarkMessage(m, "")
		}
	}()
	defer func() { close(jobs); <-done }()
	for msg := range claim.Messages() {
		jobs <- msg
	}
	return nil
}

type claimPool struct{ db *sql.DB }

func (*claimPool) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*claimPool) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *claimPool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	done := make(chan struct{})
	for range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for m := range jobs {
				if _, err := h.db.Exec(`INSERT INTO t (v) VALUES ($1)`, m.Value); err != nil {
					return
				}
				sess.MarkMessage(m, "")
			}
		}()
	}
	defer func() {
		close(jobs)
		for range 4 {
			<-done
		}
	}()
	for msg := range claim.Messages() {
		jobs <- msg
	}
	return nil
}

func runClaimWorker(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-claim-worker", sarama.NewConfig()) // case: claimworker
	_ = g.Consume(ctx, []string{"t"}, &claimWorker{db: db})
}

func runClaimPool(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-claim-pool", sarama.NewConfig()) // case: claimpool
	_ = g.Consume(ctx, []string{"t"}, &claimPool{db: db})
}
