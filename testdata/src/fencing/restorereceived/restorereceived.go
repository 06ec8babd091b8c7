// Package restorereceived: a sarama handler of a package that does not
// build the consumer group (main does, and hands it this handler), writing
// its position in the transaction that applies the message.
package restorereceived

import (
	"github.com/IBM/sarama"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Handler applies orders and keeps its position in order_offsets.
type Handler struct {
	Pool *pgxpool.Pool
}

func (h *Handler) Setup(sess sarama.ConsumerGroupSession) error {
	return nil
}

func (h *Handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ctx := sess.Context()
		tx, err := h.Pool.Begin(ctx)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id, body) VALUES ($1, $2)`, msg.Key, msg.Value); err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE order_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`, msg.Offset+1, msg.Topic, msg.Partition); err != nil { // want `the position written to order_offsets in the transaction is never read back when partitions are assigned: a restart or rebalance resumes from the broker's committed offset, or from the client's start offset when nothing is committed there`
			_ = tx.Rollback(ctx)
			return err
		}
		if err := tx.Commit(ctx); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
