package restorefranz

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

// applyExplicit rolls back on each failure itself, without a deferred
// rollback: the fix adds one before the skip it inserts.
func applyExplicit(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		tx.Rollback()
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to consumer_offsets in the transaction is never read back, and this kafka-go consumer cannot be told where to resume: a restart or rebalance resumes from the broker's committed offset, behind the stored one`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// groupReaderExplicit commits to the group after each transaction.
func groupReaderExplicit(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "views-explicit", Topic: "events"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyExplicit(ctx, db, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// applyExplicitSkipping is applyExplicit's twin: it skips what the stored
// position says is applied, rolling back.
func applyExplicitSkipping(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var next int64
	err = tx.QueryRowContext(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2 FOR UPDATE`, m.Topic, m.Partition).Scan(&next)
	if err == nil && m.Offset < next {
		return tx.Rollback() // applied before a restart or rebalance
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		tx.Rollback()
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: the transaction skips messages below the stored position
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// groupReaderExplicitSkipping is groupReaderExplicit for the twin.
func groupReaderExplicitSkipping(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "views-explicit-skipping", Topic: "events"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyExplicitSkipping(ctx, db, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
