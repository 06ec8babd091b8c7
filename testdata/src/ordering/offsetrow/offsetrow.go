// Package offsetrow holds ordering cases where the consumer keeps its
// position in its own database, in a row per partition it seeks from on
// restart, and writes that row outside the effect's transaction.
package offsetrow

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

type payment struct {
	ID    string `json:"id"`
	Cents int64  `json:"cents"`
}

// save records the payment of m.
func save(ctx context.Context, db *sql.DB, m kafka.Message) error {
	var p payment
	if err := json.Unmarshal(m.Value, &p); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO payments (id, cents) VALUES ($1, $2)`, p.ID, p.Cents)
	return err
}

// resume seeks the reader to the position stored for its partition.
func resume(ctx context.Context, r *kafka.Reader, db *sql.DB, topic string, partition int) error {
	var next int64
	if err := db.QueryRowContext(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2`, topic, partition).Scan(&next); err != nil {
		return err
	}
	return r.SetOffset(next)
}

// rowFirst stores the next offset, then saves the payment: a crash in
// between resumes after a payment never saved.
func rowFirst(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	if err := resume(ctx, r, db, "payments", 0); err != nil {
		return err
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, m.Offset+1, m.Topic, m.Partition); err != nil { // want `call to ExecContext writes the offset row \(consumer_offsets.next_offset\) before the message is processed: the consumer resumes from that row, so a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := save(ctx, db, m); err != nil {
			return err
		}
	}
}

// rowAfter is rowFirst's twin: the row follows the payment.
func rowAfter(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	if err := resume(ctx, r, db, "payments", 0); err != nil {
		return err
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, db, m); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: after the payment is saved
			return err
		}
	}
}

// rowInTx is rowFirst's other twin: the row and the payment commit in
// one transaction, the row written first.
func rowInTx(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	if err := resume(ctx, r, db, "payments", 0); err != nil {
		return err
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var p payment
		if err := json.Unmarshal(m.Value, &p); err != nil {
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: in the payment's transaction
			tx.Rollback()
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO payments (id, cents) VALUES ($1, $2)`, p.ID, p.Cents); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
}

// rowBeforeTx stores the row through the database while the payment is
// written in a transaction committed after it.
func rowBeforeTx(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	if err := resume(ctx, r, db, "payments", 0); err != nil {
		return err
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := keep(ctx, db, m); err != nil {
			return err
		}
	}
}

// keep writes the raw payment in a transaction, and the row beside it.
func keep(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO raw_payments (k, v) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, m.Offset+1, m.Topic, m.Partition); err != nil { // want `call to ExecContext writes the offset row \(consumer_offsets.next_offset\) before the message is processed`
		return err
	}
	return tx.Commit()
}

// lagFirst writes a row of a table nothing reads back (a lag report):
// not a position.
func lagFirst(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE lag_report SET seen_offset = $1 WHERE topic = $2 AND partition = $3`, m.Offset, m.Topic, m.Partition); err != nil { // ok: nothing resumes from it
			return err
		}
		if err := save(ctx, db, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// storeNext writes the position after m.
func storeNext(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, m.Offset+1, m.Topic, m.Partition)
	return err
}

// helperFirst stores the position through a helper, then saves the
// payment.
func helperFirst(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	if err := resume(ctx, r, db, "payments", 0); err != nil {
		return err
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := storeNext(ctx, db, m); err != nil { // want `call to storeNext \(ExecContext\) writes the offset row \(consumer_offsets.next_offset\) before the message is processed`
			return err
		}
		if err := save(ctx, db, m); err != nil {
			return err
		}
	}
}

// helperAfter is helperFirst's twin.
func helperAfter(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	if err := resume(ctx, r, db, "payments", 0); err != nil {
		return err
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, db, m); err != nil {
			return err
		}
		if err := storeNext(ctx, db, m); err != nil { // ok: after the payment is saved
			return err
		}
	}
}

// txFirst commits a transaction holding only the row, then saves the
// payment.
func txFirst(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	if err := resume(ctx, r, db, "payments", 0); err != nil {
		return err
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, m.Offset+1, m.Topic, m.Partition); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil { // want `call to Commit commits the offset row \(consumer_offsets.next_offset\) before the message is processed: the consumer resumes from that row, so a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := save(ctx, db, m); err != nil {
			return err
		}
	}
}
