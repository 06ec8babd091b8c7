// Package restoreconfluent: confluent-kafka-go consumers that write their
// position in the transaction that applies the message, with and without a
// rebalance callback assigning the stored positions.
package restoreconfluent

import (
	"context"
	"database/sql"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

const saveOffset = `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset = $4`

func apply(ctx context.Context, db *sql.DB, m *kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO points (account, amount) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	tp := m.TopicPartition
	if _, err := tx.ExecContext(ctx, saveOffset, int64(tp.Offset)+1, *tp.Topic, tp.Partition, int64(tp.Offset)); err != nil { // want `the position written to consumer_offsets in the transaction is never read back when partitions are assigned: nothing is committed to the broker either: every restart and rebalance starts from the default auto.offset.reset, the newest offset, so the records produced while a partition had no consumer are lost \(at-most-once\)`
		return err
	}
	return tx.Commit()
}

// blind commits nothing to Kafka and subscribes without a callback.
func blind(ctx context.Context, db *sql.DB) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "points", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"points"}, nil); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			if err := apply(ctx, db, m); err != nil {
				return err
			}
		}
	}
	return nil
}

type store struct {
	ctx context.Context
	db  *sql.DB
}

func (s *store) apply(m *kafka.Message) error {
	tx, err := s.db.BeginTx(s.ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(s.ctx, `INSERT INTO points (account, amount) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	tp := m.TopicPartition
	if _, err := tx.ExecContext(s.ctx, saveOffset, int64(tp.Offset)+1, *tp.Topic, tp.Partition, int64(tp.Offset)); err != nil { // ok: the rebalance callback assigns the stored positions
		return err
	}
	return tx.Commit()
}

// onRebalance assigns the positions read from consumer_offsets.
func (s *store) onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	e, ok := ev.(kafka.AssignedPartitions)
	if !ok {
		return nil
	}
	for i, tp := range e.Partitions {
		var next int64
		if err := s.db.QueryRowContext(s.ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2`, *tp.Topic, tp.Partition).Scan(&next); err != nil {
			log.Fatalf("read the stored position of %v: %v", tp, err)
		}
		e.Partitions[i].Offset = kafka.Offset(next)
	}
	return c.Assign(e.Partitions)
}

func restored(ctx context.Context, db *sql.DB) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "points-restored", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	s := &store{ctx: ctx, db: db}
	if err := c.SubscribeTopics([]string{"points"}, s.onRebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			if err := s.apply(m); err != nil {
				return err
			}
		}
	}
	return nil
}

type ledger struct {
	ctx context.Context
	db  *sql.DB
}

func (l *ledger) apply(m *kafka.Message) error {
	tx, err := l.db.BeginTx(l.ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(l.ctx, `INSERT INTO entries (account, amount) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	tp := m.TopicPartition
	if _, err := tx.ExecContext(l.ctx, `UPDATE ledger_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset = $4`, int64(tp.Offset)+1, *tp.Topic, tp.Partition, int64(tp.Offset)); err != nil { // want `the position written to ledger_offsets in the transaction is never read back when partitions are assigned`
		return err
	}
	return tx.Commit()
}

// onRebalance is the application's callback: it logs assignments and
// revocations, and assigns nothing, so the wrapper assigns the committed
// offsets (fixed inside its AssignedPartitions case).
func (l *ledger) onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		log.Printf("assigned %v", e.Partitions)
	case kafka.RevokedPartitions:
		log.Printf("revoked %v", e.Partitions)
	}
	return nil
}

// ownCallback subscribes with the application's callback, which does not
// assign the stored positions.
func ownCallback(ctx context.Context, db *sql.DB) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ledger", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	l := &ledger{ctx: ctx, db: db}
	if err := c.SubscribeTopics([]string{"entries"}, l.onRebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			if err := l.apply(m); err != nil {
				return err
			}
		}
	}
	return nil
}

func applyAudit(ctx context.Context, db *sql.DB, m *kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO audit (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	tp := m.TopicPartition
	if _, err := tx.ExecContext(ctx, `UPDATE audit_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset = $4`, int64(tp.Offset)+1, *tp.Topic, tp.Partition, int64(tp.Offset)); err != nil { // want `the position written to audit_offsets in the transaction is never read back when partitions are assigned`
		return err
	}
	return tx.Commit()
}

// ownLiteral subscribes with a function literal that only handles
// revocations (fixed with an assignment at the top of the literal).
func ownLiteral(ctx context.Context, db *sql.DB) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "audit", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	err = c.SubscribeTopics([]string{"audit"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			log.Print("revoked")
		}
		return nil
	})
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			if err := applyAudit(ctx, db, m); err != nil {
				return err
			}
		}
	}
	return nil
}

func applyOrders(ctx context.Context, db *sql.DB, m *kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	tp := m.TopicPartition
	if _, err := tx.ExecContext(ctx, `UPDATE order_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset = $4`, int64(tp.Offset)+1, *tp.Topic, tp.Partition, int64(tp.Offset)); err != nil { // want `the position written to order_offsets in the transaction is never read back when partitions are assigned`
		return err
	}
	return tx.Commit()
}

// ServeOrders is given a consumer built elsewhere and subscribes it
// without a rebalance callback (fixed in the Subscribe call here).
func ServeOrders(ctx context.Context, c *kafka.Consumer, db *sql.DB) error {
	if err := c.SubscribeTopics([]string{"orders"}, nil); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			if err := applyOrders(ctx, db, m); err != nil {
				return err
			}
		}
	}
	return nil
}
