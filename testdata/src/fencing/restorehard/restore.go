package restorehard

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
	if _, err := tx.ExecContext(ctx, saveNext, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to consumer_offsets in the transaction is never read back, and this kafka-go consumer cannot be told where to resume: nothing is committed to the broker either: .*, the newest offset, so the records produced while a partition had no consumer are lost \(at-most-once\)`
		return err
	}
	return tx.Commit()
}

// newestReader commits nothing to the group and starts from the newest
// offset: what was produced while it was down is never read.
func newestReader(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "views", Topic: "views", StartOffset: kafka.LastOffset})
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
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "views", Topic: "views", StartOffset: kafka.FirstOffset})
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

// applyLite writes the position with ? placeholders in an upsert that
// SQLite and PostgreSQL share: FOR UPDATE, which the skip needs, is not
// SQLite's.
func applyLite(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO clicks (key, body) VALUES (?, ?)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO click_offsets (topic, partition, next_offset) VALUES (?, ?, ?) ON CONFLICT (topic, partition) DO UPDATE SET next_offset = excluded.next_offset WHERE click_offsets.next_offset < excluded.next_offset`, m.Topic, m.Partition, m.Offset+1); err != nil { // want `the position written to click_offsets in the transaction is never read back, and this kafka-go consumer cannot be told where to resume: a restart or rebalance resumes from the broker's committed offset, behind the stored one`
		return err
	}
	return tx.Commit()
}

// liteReader commits to the group after each transaction.
func liteReader(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "clicks", Topic: "clicks"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyLite(ctx, db, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// applyLiteSkipping is applyLite, skipping inside the transaction what
// is applied already (SQLite runs one write transaction at a time).
func applyLiteSkipping(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var next int64
	if err := tx.QueryRowContext(ctx, `SELECT next_offset FROM click_offsets WHERE topic = ? AND partition = ?`, m.Topic, m.Partition).Scan(&next); err == nil && m.Offset < next {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO clicks (key, body) VALUES (?, ?)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO click_offsets (topic, partition, next_offset) VALUES (?, ?, ?) ON CONFLICT (topic, partition) DO UPDATE SET next_offset = excluded.next_offset WHERE click_offsets.next_offset < excluded.next_offset`, m.Topic, m.Partition, m.Offset+1); err != nil { // ok: the transaction skips what is applied
		return err
	}
	return tx.Commit()
}

// liteSkippingReader is liteReader's twin over applyLiteSkipping.
func liteSkippingReader(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "clicks", Topic: "clicks"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyLiteSkipping(ctx, db, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
