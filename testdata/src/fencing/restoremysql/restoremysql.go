// Package restoremysql: franz-go consumers that keep their position in a
// MySQL table (? placeholders, an ON DUPLICATE KEY UPDATE guarded with
// GREATEST), with and without AdjustFetchOffsetsFn reading it back.
package restoremysql

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

const saveOffset = `INSERT INTO consumer_offsets (topic, partition_id, next_offset) VALUES (?, ?, ?)
	ON DUPLICATE KEY UPDATE next_offset = GREATEST(next_offset, VALUES(next_offset))`

// apply writes the effect and the position in one transaction.
func apply(ctx context.Context, db *sql.DB, r *kgo.Record) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (k, body) VALUES (?, ?)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, r.Topic, r.Partition, r.Offset+1); err != nil { // want `the position written to consumer_offsets in the transaction is never read back when partitions are assigned: nothing is committed to the broker either`
		return err
	}
	return tx.Commit()
}

// blind commits nothing to Kafka and never reads its position back.
func blind(ctx context.Context, db *sql.DB) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("events"),
		kgo.DisableAutoCommit(),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := apply(ctx, db, r); err != nil {
				return err
			}
		}
	}
}

// applyRestored writes the effect and the position in one transaction.
func applyRestored(ctx context.Context, db *sql.DB, r *kgo.Record) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (k, body) VALUES (?, ?)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, r.Topic, r.Partition, r.Offset+1); err != nil { // ok: AdjustFetchOffsetsFn reads the row back
		return err
	}
	return tx.Commit()
}

// restored resumes from the stored position.
func restored(ctx context.Context, db *sql.DB) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views-restored"),
		kgo.ConsumeTopics("events"),
		kgo.DisableAutoCommit(),
		kgo.AdjustFetchOffsetsFn(func(ctx context.Context, offsets map[string]map[int32]kgo.Offset) (map[string]map[int32]kgo.Offset, error) {
			for topic, partitions := range offsets {
				for partition := range partitions {
					var next int64
					err := db.QueryRowContext(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = ? AND partition_id = ?`, topic, partition).Scan(&next)
					if err == sql.ErrNoRows {
						continue
					}
					if err != nil {
						return nil, err
					}
					partitions[partition] = kgo.NewOffset().At(next)
				}
			}
			return offsets, nil
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := applyRestored(ctx, db, r); err != nil {
				return err
			}
		}
	}
}
