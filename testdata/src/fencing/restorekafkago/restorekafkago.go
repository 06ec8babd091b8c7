// Package restorekafkago: kafka-go Readers outside a group (one partition
// each) that write their position in the transaction that applies the
// message, with and without SetOffset resuming from it at start.
package restorekafkago

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

const saveOffset = `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`

var brokers = []string{"localhost:9092"}

// apply writes the effect and the position in one transaction.
func apply(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to consumer_offsets in the transaction is never read back when the consumer starts: nothing is committed to the broker, and outside a group every start reads the partition from its oldest offset again`
		return err
	}
	return tx.Commit()
}

// partitionReader reads one partition outside a group: every start reads
// it from the oldest offset again.
func partitionReader(ctx context.Context, db *sql.DB, partition int) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "views", Partition: partition})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(ctx, db, m); err != nil {
			return err
		}
	}
}

// applyResumed is apply for resumedReader.
func applyResumed(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: the reader resumes from the stored position
		return err
	}
	return tx.Commit()
}

// resumedReader is partitionReader's twin: it sets the reader to the
// stored position before the first read.
func resumedReader(ctx context.Context, db *sql.DB, partition int) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "views", Partition: partition})
	defer r.Close()
	var next int64
	err := db.QueryRowContext(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2`, "views", partition).Scan(&next)
	if err == nil {
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
		if err := applyResumed(ctx, db, m); err != nil {
			return err
		}
	}
}

// applyAudit writes the audit entry and the position in one transaction.
func applyAudit(db *sql.DB, m kafka.Message) error {
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO audit (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to consumer_offsets in the transaction is never read back when the consumer starts`
		return err
	}
	return tx.Commit()
}

// tailAudit reads the audit topic's partition 0 outside a group, in a
// function without results and without a context: the fix stops the
// process when the stored position cannot be read.
func tailAudit(db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "audit"})
	for {
		m, err := r.ReadMessage(context.Background())
		if err != nil {
			return
		}
		if err := applyAudit(db, m); err != nil {
			return
		}
	}
}

// applyConfigured is apply for configuredReader.
func applyConfigured(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO prices (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to consumer_offsets in the transaction is never read back when the consumer starts`
		return err
	}
	return tx.Commit()
}

// configuredReader builds its reader from a config variable: the fix reads
// the topic and partition from it.
func configuredReader(ctx context.Context, db *sql.DB, topic string, partition int) error {
	cfg := kafka.ReaderConfig{Brokers: brokers, Topic: topic, Partition: partition}
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyConfigured(ctx, db, m); err != nil {
			return err
		}
	}
}

// applyConfiguredResumed is apply for configuredResumed.
func applyConfiguredResumed(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO prices (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: the reader resumes from the stored position
		return err
	}
	return tx.Commit()
}

// configuredResumed is configuredReader's twin: it sets the reader to the
// stored position, read by the config's topic and partition, before the
// first read.
func configuredResumed(ctx context.Context, db *sql.DB, topic string, partition int) error {
	cfg := kafka.ReaderConfig{Brokers: brokers, Topic: topic, Partition: partition}
	r := kafka.NewReader(cfg)
	defer r.Close()
	var next int64
	err := db.QueryRowContext(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2`, cfg.Topic, cfg.Partition).Scan(&next)
	if err == nil {
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
		if err := applyConfiguredResumed(ctx, db, m); err != nil {
			return err
		}
	}
}

// applyBuilt is apply for builtReader.
func applyBuilt(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO rates (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition); err != nil { // want `the position written to consumer_offsets in the transaction is never read back when the consumer starts`
		return err
	}
	return tx.Commit()
}

// readerConfig builds a reader's config for one partition.
func readerConfig(topic string, partition int) kafka.ReaderConfig {
	return kafka.ReaderConfig{Brokers: brokers, Topic: topic, Partition: partition}
}

// builtReader builds its reader from a call's result: the fix evaluates
// it once into a variable before the reader's statement and reads the
// topic and partition from it.
func builtReader(ctx context.Context, db *sql.DB, partition int) error {
	r := kafka.NewReader(readerConfig("rates", partition))
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyBuilt(ctx, db, m); err != nil {
			return err
		}
	}
}

// applyBuiltResumed is apply for builtResumed.
func applyBuiltResumed(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO rates (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition); err != nil { // ok: the reader resumes from the stored position
		return err
	}
	return tx.Commit()
}

// builtResumed is builtReader's twin: it sets the reader, built from a
// call's result, to the stored position before the first read.
func builtResumed(ctx context.Context, db *sql.DB, partition int) error {
	r := kafka.NewReader(readerConfig("rates", partition))
	defer r.Close()
	var next int64
	err := db.QueryRowContext(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2`, "rates", partition).Scan(&next)
	if err == nil {
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
		if err := applyBuiltResumed(ctx, db, m); err != nil {
			return err
		}
	}
}
