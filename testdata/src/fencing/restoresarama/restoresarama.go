// Package restoresarama: sarama handlers that write their position in the
// transaction that applies the message, with and without Setup reading it
// back.
package restoresarama

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const upsertOffset = `INSERT INTO order_offsets (topic, partition, next_offset) VALUES ($1, $2, $3)
	ON CONFLICT (topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset
	WHERE order_offsets.next_offset < EXCLUDED.next_offset`

// blindHandler marks each message after its transaction (sarama's default
// auto-commit sends the marks) but never reads the stored position.
type blindHandler struct {
	pool *pgxpool.Pool
}

func (h *blindHandler) Setup(sess sarama.ConsumerGroupSession) error {
	return nil
}

func (h *blindHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *blindHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ctx := sess.Context()
		tx, err := h.pool.Begin(ctx)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id, body) VALUES ($1, $2)`, msg.Key, msg.Value); err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		if _, err := tx.Exec(ctx, upsertOffset, msg.Topic, msg.Partition, msg.Offset+1); err != nil { // want `the position written to order_offsets in the transaction is never read back when partitions are assigned: a restart or rebalance resumes from the broker's committed offset, behind the stored one`
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

func blind(ctx context.Context, pool *pgxpool.Pool) error {
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "orders", sarama.NewConfig())
	if err != nil {
		return err
	}
	defer group.Close()
	h := &blindHandler{pool: pool}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"orders"}, h); err != nil {
			return err
		}
	}
	return nil
}

// restoredHandler sets each claim's position from the stored one in Setup.
type restoredHandler struct {
	conn *pgx.Conn
}

func (h *restoredHandler) Setup(sess sarama.ConsumerGroupSession) error {
	for topic, partitions := range sess.Claims() {
		for _, partition := range partitions {
			var next int64
			if err := h.conn.QueryRow(sess.Context(), `SELECT next_offset FROM order_offsets WHERE topic = $1 AND partition = $2`, topic, partition).Scan(&next); err != nil {
				continue
			}
			sess.MarkOffset(topic, partition, next, "")
			sess.ResetOffset(topic, partition, next, "")
		}
	}
	return nil
}

func (h *restoredHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *restoredHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ctx := sess.Context()
		tx, err := h.conn.Begin(ctx)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id, body) VALUES ($1, $2)`, msg.Key, msg.Value); err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE order_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`, msg.Offset+1, msg.Topic, msg.Partition); err != nil { // ok: Setup reads the row back
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

func restored(ctx context.Context, conn *pgx.Conn) error {
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "orders-restored", sarama.NewConfig())
	if err != nil {
		return err
	}
	defer group.Close()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"orders"}, &restoredHandler{conn: conn}); err != nil {
			return err
		}
	}
	return nil
}
