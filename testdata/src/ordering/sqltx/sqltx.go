// Package sqltx holds ordering cases where the effect and the offset are
// written in one database/sql transaction (the offset is stored in the
// sink), with kafka-go.
package sqltx

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

type transfer struct {
	From, To string
	Cents    int64
}

// apply writes the transfer and the next offset in one transaction.
func apply(ctx context.Context, db *sql.DB, m kafka.Message) error {
	var t transfer
	if err := json.Unmarshal(m.Value, &t); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO transfers (src, dst, cents) VALUES ($1, $2, $3)`, t.From, t.To, t.Cents); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE offsets SET next = $1 WHERE topic = $2 AND part = $3`, m.Offset+1, m.Topic, m.Partition); err != nil {
		return err
	}
	return tx.Commit()
}

// inSink commits to the broker after the transaction, for lag only.
func inSink(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(ctx, db, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: the offset row is in the transaction; this is for lag only
			return err
		}
	}
}

// brokerFirst commits to the broker before the transaction.
func brokerFirst(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed: a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := apply(ctx, db, m); err != nil {
			return err
		}
	}
}

// inlineFirst commits to the broker before an inline transaction: the fix
// moves the commit after tx.Commit, where the effect is durable.
func inlineFirst(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO raw (k, v) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
}

// inlineAfter is inlineFirst's twin.
func inlineAfter(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO raw (k, v) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: after the transaction
			return err
		}
	}
}
