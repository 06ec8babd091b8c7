package restoremysql

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

// applyMessage writes the effect and the position, in MySQL, in one
// transaction.
func applyMessage(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (k, body) VALUES (?, ?)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Topic, m.Partition, m.Offset+1); err != nil { // want `the position written to consumer_offsets in the transaction is never read back, and this kafka-go consumer cannot be told where to resume: a restart or rebalance resumes from the broker's committed offset, behind the stored one`
		return err
	}
	return tx.Commit()
}

// groupReader is a kafka-go group Reader committing to the group after
// each transaction: a restart resumes from the committed offset, behind
// the stored position when the process stopped between the two.
func groupReader(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "views-mysql", Topic: "events"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyMessage(ctx, db, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// applyMessageSkipping is applyMessage's twin: it skips, rolling back,
// what the stored position says is applied.
func applyMessageSkipping(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var next int64
	err = tx.QueryRowContext(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = ? AND partition_id = ? FOR UPDATE`, m.Topic, m.Partition).Scan(&next)
	if err == nil && m.Offset < next {
		return nil // applied before the restart
	}
	if err != nil && err != sql.ErrNoRows {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (k, body) VALUES (?, ?)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Topic, m.Partition, m.Offset+1); err != nil { // ok: the transaction skips what the stored position says is applied
		return err
	}
	return tx.Commit()
}

// groupReaderSkipping is groupReader's twin.
func groupReaderSkipping(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "views-mysql-skipping", Topic: "events"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyMessageSkipping(ctx, db, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
