// Package pgxtx holds ordering cases with pgx transactions: the effect and
// the offset row committed together, then an optional broker commit.
package pgxtx

import (
	"context"
	"encoding/json"

	"github.com/IBM/sarama"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

type view struct {
	Page string `json:"page"`
}

// project writes the view and the offset row in one transaction.
func project(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	var v view
	if err := json.Unmarshal(r.Value, &v); err != nil {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE pages SET views = views + 1 WHERE page = $1`, v.Page); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE offsets SET next = $1 WHERE topic = $2 AND part = $3`, r.Offset+1, r.Topic, r.Partition); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// franzInSink commits to the broker after the transactions.
func franzInSink(ctx context.Context, cl *kgo.Client, pool *pgxpool.Pool) error {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		for _, r := range fetches.Records() {
			if err := project(ctx, pool, r); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: offsets are in the database; this is for lag only
			return err
		}
	}
}

// franzFirst commits the poll before an inline transaction.
func franzFirst(ctx context.Context, cl *kgo.Client, conn *pgx.Conn) error {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		rs := fetches.Records()
		if err := cl.CommitRecords(ctx, rs...); err != nil { // want `call to CommitRecords before the records are processed: a crash between them loses the records \(at-most-once\)`
			return err
		}
		tx, err := conn.Begin(ctx)
		if err != nil {
			return err
		}
		for _, r := range rs {
			if _, err := tx.Exec(ctx, `INSERT INTO views (page) VALUES ($1)`, r.Value); err != nil {
				_ = tx.Rollback(ctx)
				return err
			}
		}
		if err := tx.Commit(ctx); err != nil {
			return err
		}
	}
}

// franzAfter is franzFirst's twin.
func franzAfter(ctx context.Context, cl *kgo.Client, conn *pgx.Conn) error {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		rs := fetches.Records()
		tx, err := conn.Begin(ctx)
		if err != nil {
			return err
		}
		for _, r := range rs {
			if _, err := tx.Exec(ctx, `INSERT INTO views (page) VALUES ($1)`, r.Value); err != nil {
				_ = tx.Rollback(ctx)
				return err
			}
		}
		if err := tx.Commit(ctx); err != nil {
			return err
		}
		if err := cl.CommitRecords(ctx, rs...); err != nil { // ok: after the transaction
			return err
		}
	}
}

// audit is a sarama handler writing each message with its offset row.
type audit struct {
	pool *pgxpool.Pool
}

func (a *audit) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (a *audit) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (a *audit) write(ctx context.Context, msg *sarama.ConsumerMessage) error {
	tx, err := a.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO audit (k, v) VALUES ($1, $2)`, msg.Key, msg.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE offsets SET next = $1 WHERE part = $2`, msg.Offset+1, msg.Partition); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (a *audit) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := a.write(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: after the transaction
	}
	return nil
}

// auditFirst marks before the transaction.
type auditFirst struct{ *audit }

func (a auditFirst) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
		if err := a.write(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

func runAudit(ctx context.Context, pool *pgxpool.Pool) error {
	group, err := sarama.NewConsumerGroup([]string{"k:9092"}, "audit", sarama.NewConfig())
	if err != nil {
		return err
	}
	a := &audit{pool: pool}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"audit"}, a); err != nil {
			return err
		}
		if err := group.Consume(ctx, []string{"audit-v2"}, auditFirst{a}); err != nil {
			return err
		}
	}
	return nil
}
