package restorehard

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

const saveNextAssigned = `UPDATE assigned_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`

// applyNewestAssigned writes the effect and the position in one transaction.
func applyNewestAssigned(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveNextAssigned, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to assigned_offsets in the transaction is never read back, and this kafka-go consumer cannot be told where to resume: nothing is committed to the broker either: every restart and rebalance starts from the start offset set with StartOffset, the newest offset, so the records produced while a partition had no consumer are lost \(at-most-once\)`
		return err
	}
	return tx.Commit()
}

// newestAssignedReader commits nothing to the group and starts from the
// newest offset, assigned to the config after its literal: what was
// produced while it was down is never read. The fix assigns the oldest
// offset instead and skips, in the transaction, what is applied already.
func newestAssignedReader(ctx context.Context, db *sql.DB) error {
	cfg := kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "views", Topic: "views"}
	cfg.StartOffset = kafka.LastOffset
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyNewestAssigned(ctx, db, m); err != nil {
			return err
		}
	}
}

// applyOldestAssigned is applyNewestAssigned, skipping inside the transaction what is
// applied already.
func applyOldestAssigned(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var next int64
	if err := tx.QueryRowContext(ctx, `SELECT next_offset FROM assigned_offsets WHERE topic = $1 AND partition = $2 FOR UPDATE`, m.Topic, m.Partition).Scan(&next); err == nil && m.Offset < next {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveNextAssigned, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: the transaction skips what is applied, and the reader starts from the oldest offset
		return err
	}
	return tx.Commit()
}

// oldestAssignedReader is newestAssignedReader's twin: it starts from the oldest offset,
// and the transaction skips what is applied.
func oldestAssignedReader(ctx context.Context, db *sql.DB) error {
	cfg := kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "views", Topic: "views"}
	cfg.StartOffset = kafka.FirstOffset
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyOldestAssigned(ctx, db, m); err != nil {
			return err
		}
	}
}
