package nofix

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

const saveNext = `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`

// applyNewest writes the effect and the position in one transaction.
func applyNewest(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveNext, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to consumer_offsets in the transaction is never read back, and this kafka-go consumer cannot be told where to resume: nothing is committed to the broker either: every restart and rebalance starts from the start offset set with StartOffset, the newest offset, .*; no automatic fix: `
		return err
	}
	return tx.Commit()
}

// newestReader commits nothing to the group and starts from the newest
// offset: what was produced while it was down is never read. Its start
// offset is assigned to the config after its literal (which the
// evidence does not see yet: the message says the default, the oldest;
// the skip fix, right only from the oldest, is not built).
func newestReader(ctx context.Context, db *sql.DB) error {
	cfg := kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "views", Topic: "views"}
	cfg.StartOffset = kafka.LastOffset
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyNewest(ctx, db, m); err != nil {
			return err
		}
	}
}

// applyOldest is applyNewest, skipping inside the transaction what is
// applied already.
func applyOldest(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var next int64
	if err := tx.QueryRowContext(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2 FOR UPDATE`, m.Topic, m.Partition).Scan(&next); err == nil && m.Offset < next {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveNext, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: the transaction skips what is applied, and the reader starts from the oldest offset
		return err
	}
	return tx.Commit()
}

// oldestReader is newestReader's twin: it starts from the oldest offset,
// and the transaction skips what is applied.
func oldestReader(ctx context.Context, db *sql.DB) error {
	cfg := kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "views", Topic: "views"}
	cfg.StartOffset = kafka.FirstOffset
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyOldest(ctx, db, m); err != nil {
			return err
		}
	}
}
