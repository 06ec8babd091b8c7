package restorehard

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

const savePartition = `UPDATE partition_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`

// applyPartition writes the effect and the position in one transaction.
func applyPartition(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO events (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, savePartition, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to partition_offsets in the transaction is never read back when the consumer starts: .*`
		return err
	}
	return tx.Commit()
}

// openPartition builds a reader of one partition outside a group, where
// no database handle is in scope.
func openPartition(partition int) *kafka.Reader {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events", Partition: partition})
	return r
}

// partitionLoop reads from the oldest offset at every start.
func partitionLoop(ctx context.Context, db *sql.DB, partition int) error {
	r := openPartition(partition)
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyPartition(ctx, db, m); err != nil {
			return err
		}
	}
}

const saveResumed = `UPDATE resumed_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`

// applyResumedPartition is applyPartition for resumedLoop.
func applyResumedPartition(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO events (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveResumed, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: the loop sets the reader to the stored position before the first read
		return err
	}
	return tx.Commit()
}

// openResumed is openPartition for resumedLoop.
func openResumed(partition int) *kafka.Reader {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events", Partition: partition})
	return r
}

// resumedLoop is partitionLoop's twin: it sets the reader to the stored
// position before the first read.
func resumedLoop(ctx context.Context, db *sql.DB, partition int) error {
	r := openResumed(partition)
	defer r.Close()
	var next int64
	if err := db.QueryRowContext(ctx, `SELECT next_offset FROM resumed_offsets WHERE topic = $1 AND partition = $2`, "events", partition).Scan(&next); err == nil {
		if err := r.SetOffset(next); err != nil {
			return err
		}
	} else if err != sql.ErrNoRows {
		return err
	}
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyResumedPartition(ctx, db, m); err != nil {
			return err
		}
	}
}
