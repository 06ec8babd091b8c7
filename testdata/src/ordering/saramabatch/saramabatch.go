// Package saramabatch holds sarama handlers that keep messages in a
// batch written when it is full or on a tick. Marking each message as it
// is added to the batch marks it before it is written: the auto-commit
// tick, or with auto-commit off another claim's Commit, sends the mark
// first. Marking the batch once written does not.
package saramabatch

import (
	"context"
	"database/sql"
	"time"

	"github.com/IBM/sarama"
)

type handler struct {
	db  *sql.DB
	max int
}

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// write inserts the batch in one transaction.
func (h *handler) write(ctx context.Context, batch []*sarama.ConsumerMessage) error {
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, m := range batch {
		if _, err := tx.ExecContext(ctx, "INSERT INTO blobs VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// ConsumeClaim marks each message as it joins the batch.
func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	batch := make([]*sarama.ConsumerMessage, 0, h.max)
	for {
		select {
		case m, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			batch = append(batch, m)
			sess.MarkMessage(m, "") // want `call to MarkMessage as the message is kept in a batch processed later: with auto-commit on, a crash before the batch is processed loses the message \(at-most-once\)`
			if len(batch) < h.max {
				continue
			}
		case <-tick.C:
			if len(batch) == 0 {
				continue
			}
		case <-sess.Context().Done():
			return nil
		}
		if err := h.write(sess.Context(), batch); err != nil {
			return err
		}
		batch = batch[:0]
	}
}

// marked is ConsumeClaim's twin: the batch is marked once written.
type marked struct{ *handler }

func (h marked) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var batch []*sarama.ConsumerMessage
	for {
		select {
		case m, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			batch = append(batch, m)
			if len(batch) < h.max {
				continue
			}
		case <-tick.C:
			if len(batch) == 0 {
				continue
			}
		}
		if err := h.write(sess.Context(), batch); err != nil {
			return err
		}
		for _, m := range batch {
			sess.MarkMessage(m, "") // ok: after the batch is written
		}
		batch = batch[:0]
	}
}

// Run consumes with sarama's defaults: auto-commit on, every second.
func Run(ctx context.Context, db *sql.DB) error {
	group, err := sarama.NewConsumerGroup([]string{"k:9092"}, "blobs", sarama.NewConfig())
	if err != nil {
		return err
	}
	h := &handler{db: db, max: 100}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"blobs"}, h); err != nil {
			return err
		}
		if err := group.Consume(ctx, []string{"blobs-marked"}, marked{h}); err != nil {
			return err
		}
	}
	return nil
}
