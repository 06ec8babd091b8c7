package restorehard

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

const saveNextVar = `UPDATE reader_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`

// applyNewestVar writes the effect and the position in one transaction.
func applyNewestVar(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveNextVar, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to reader_offsets in the transaction is never read back, and this kafka-go consumer cannot be told where to resume: nothing is committed to the broker either: .*, the newest offset, so the records produced while a partition had no consumer are lost \(at-most-once\)`
		return err
	}
	return tx.Commit()
}

// newestVarReader commits nothing to the group and starts from the newest
// offset: what was produced while it was down is never read. Its config
// is a variable declared with a literal that only the constructor uses.
func newestVarReader(ctx context.Context, db *sql.DB) error {
	cfg := kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "views", Topic: "views", StartOffset: kafka.LastOffset}
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyNewestVar(ctx, db, m); err != nil {
			return err
		}
	}
}

// applyOldestVar is applyNewestVar, skipping inside the transaction
// what is applied already.
func applyOldestVar(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var next int64
	if err := tx.QueryRowContext(ctx, `SELECT next_offset FROM reader_offsets WHERE topic = $1 AND partition = $2 FOR UPDATE`, m.Topic, m.Partition).Scan(&next); err == nil && m.Offset < next {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveNextVar, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: the transaction skips what is applied, and the reader starts from the oldest offset
		return err
	}
	return tx.Commit()
}

// oldestVarReader is newestVarReader's twin: it starts from the oldest
// offset, and the transaction skips what is applied.
func oldestVarReader(ctx context.Context, db *sql.DB) error {
	cfg := kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "views", Topic: "views", StartOffset: kafka.FirstOffset}
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyOldestVar(ctx, db, m); err != nil {
			return err
		}
	}
}
