// Package sink: consumers that keep their position in their own database
// (the exactly-once pattern), writing the offset row with and without a
// guard against a stale owner.
package sink

import (
	"context"
	"database/sql"

	ckafka "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

const upsertOffset = `INSERT INTO stream_offsets (topic, partition, next_offset) VALUES ($1, $2, $3)
	ON CONFLICT (topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset`

// pgxUpdate writes the effect and the offset in one transaction, but the
// UPDATE takes any offset.
func pgxUpdate(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, r.Offset+1, r.Topic, r.Partition); err != nil { // want `the offset row in consumer_offsets is written without a guard`
		return err
	}
	return tx.Commit(ctx)
}

// sqlUpsert upserts the offset row through database/sql, with the
// statement in a constant.
func sqlUpsert(ctx context.Context, db *sql.DB, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, upsertOffset, m.Topic, m.Partition, m.Offset+1); err != nil { // want `the offset row in stream_offsets is written without a guard \(no compare-and-set on the previous offset, no generation or epoch, no monotonic condition\): after a rebalance the partition's previous owner can still run this INSERT ... ON CONFLICT DO UPDATE`
		return err
	}
	return tx.Commit()
}

// saveOffset is called with the offset from the handler.
func saveOffset(ctx context.Context, conn *pgx.Conn, topic string, partition int32, next int64) error {
	_, err := conn.Exec(ctx, "UPDATE kafka_offsets SET last_offset = $3 WHERE topic = $1 AND partition = $2", topic, partition, next) // want `the offset row in kafka_offsets is written without a guard`
	return err
}

func handle(ctx context.Context, conn *pgx.Conn, m *ckafka.Message) error {
	tp := m.TopicPartition
	return saveOffset(ctx, conn, *tp.Topic, tp.Partition, int64(tp.Offset)+1)
}

// casGuard compares and sets the previous offset.
func casGuard(ctx context.Context, tx pgx.Tx, r *kgo.Record) error {
	_, err := tx.Exec(ctx, `UPDATE consumer_offsets SET next_offset = $1
		WHERE topic = $2 AND partition = $3 AND next_offset = $4`, r.Offset+1, r.Topic, r.Partition, r.Offset) // ok: compare-and-set on the previous offset
	return err
}

// monotonic only moves forward.
func monotonic(ctx context.Context, tx pgx.Tx, r *kgo.Record) error {
	_, err := tx.Exec(ctx, `INSERT INTO consumer_offsets (topic, partition, next_offset) VALUES ($1, $2, $3)
		ON CONFLICT (topic, partition) DO UPDATE SET next_offset = GREATEST(consumer_offsets.next_offset, EXCLUDED.next_offset)`, r.Topic, r.Partition, r.Offset+1) // ok: GREATEST
	return err
}

// epoch fences with the owner's generation.
func epoch(ctx context.Context, tx pgx.Tx, r *kgo.Record, gen int32) error {
	_, err := tx.Exec(ctx, `UPDATE consumer_offsets SET next_offset = $1
		WHERE topic = $2 AND partition = $3 AND generation <= $4`, r.Offset+1, r.Topic, r.Partition, gen) // ok: generation column
	return err
}

// conflictWhere guards the conflict update.
func conflictWhere(ctx context.Context, tx pgx.Tx, r *kgo.Record) error {
	_, err := tx.Exec(ctx, `INSERT INTO consumer_offsets (topic, partition, next_offset) VALUES ($1, $2, $3)
		ON CONFLICT (topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset
		WHERE consumer_offsets.next_offset < EXCLUDED.next_offset`, r.Topic, r.Partition, r.Offset+1) // ok: monotonic WHERE
	return err
}

// dataRow records the source offset in a data row keyed by business key:
// not a position.
func dataRow(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, `INSERT INTO fx_rates (pair, rate, source_offset) VALUES ($1, $2, $3)
		ON CONFLICT (pair) DO UPDATE SET rate = EXCLUDED.rate, source_offset = EXCLUDED.source_offset`, string(m.Key), string(m.Value), m.Offset) // ok: not an offsets table keyed by partition
	return err
}

// questionMarks uses ? placeholders (a MySQL or SQLite driver): the guard
// repeats the new offset's argument at its place in the list.
func questionMarks(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ?`, m.Offset+1, m.Topic, m.Partition) // want `the offset row in consumer_offsets is written without a guard`
	return err
}

// questionMarksSlice passes the arguments as a slice: the fix appends the
// offset to a copy of it.
func questionMarksSlice(ctx context.Context, db *sql.DB, m kafka.Message) error {
	args := []any{m.Offset + 1, m.Topic, m.Partition}
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ?`, args...) // want `the offset row in consumer_offsets is written without a guard`
	return err
}

// questionMarksSliceLimit passes a slice whose last element is LIMIT's
// (MySQL's UPDATE ... LIMIT): the fix inserts the offset before it, in a
// copy of the slice.
func questionMarksSliceLimit(ctx context.Context, db *sql.DB, m kafka.Message) error {
	args := []any{m.Offset + 1, m.Topic, m.Partition, 1}
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ? LIMIT ?`, args...) // want `the offset row in consumer_offsets is written without a guard`
	return err
}

// questionMarksSliceLimitGuarded guards it.
func questionMarksSliceLimitGuarded(ctx context.Context, db *sql.DB, m kafka.Message) error {
	args := []any{m.Offset + 1, m.Topic, m.Partition, m.Offset + 1, 1}
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ? AND next_offset < ? LIMIT ?`, args...) // ok: monotonic condition
	return err
}

// questionMarksCall computes the offset with a call: the fix evaluates it
// once, before the statement.
func questionMarksCall(ctx context.Context, db *sql.DB, m kafka.Message, n func() int64) error {
	if _, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ?`, m.Offset+n(), m.Topic, m.Partition); err != nil { // want `the offset row in consumer_offsets is written without a guard`
		return err
	}
	return nil
}

// questionMarksEffects computes the offset and a timestamp with calls:
// the fix evaluates both once, in order, before the statement.
func questionMarksEffects(ctx context.Context, db *sql.DB, m kafka.Message, n func() int64, now func() int64) error {
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ?, updated_at = ? WHERE topic = ? AND partition = ?`, m.Offset+n(), now(), m.Topic, m.Partition) // want `the offset row in consumer_offsets is written without a guard`
	return err
}

// questionMarksEffectsGuarded evaluates them once and guards the write.
func questionMarksEffectsGuarded(ctx context.Context, db *sql.DB, m kafka.Message, n func() int64, now func() int64) error {
	next, at := m.Offset+n(), now()
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ?, updated_at = ? WHERE topic = ? AND partition = ? AND next_offset < ?`, next, at, m.Topic, m.Partition, next) // ok: monotonic condition
	return err
}

const upsertMySQL = `INSERT INTO consumer_offsets (topic, partition_id, next_offset) VALUES (?, ?, ?)
	ON DUPLICATE KEY UPDATE next_offset = VALUES(next_offset)`

// mysqlUpsert writes the row with MySQL's upsert, taking any offset: the
// fix keeps the greater one.
func mysqlUpsert(ctx context.Context, tx *sql.Tx, m kafka.Message) error {
	_, err := tx.ExecContext(ctx, upsertMySQL, m.Topic, m.Partition, m.Offset+1) // want `the offset row in consumer_offsets is written without a guard .* this INSERT \.\.\. ON DUPLICATE KEY UPDATE`
	return err
}

// mysqlUpsertGreatest only moves the position forward.
func mysqlUpsertGreatest(ctx context.Context, tx *sql.Tx, m kafka.Message) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO consumer_offsets (topic, partition_id, next_offset) VALUES (?, ?, ?)
		ON DUPLICATE KEY UPDATE next_offset = GREATEST(next_offset, VALUES(next_offset))`, m.Topic, m.Partition, m.Offset+1) // ok: monotonic
	return err
}

// questionMarksGuarded only moves the position forward.
func questionMarksGuarded(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ? AND next_offset < ?`, m.Offset+1, m.Topic, m.Partition, m.Offset+1) // ok: monotonic condition
	return err
}

// escaped writes the statement with an escape sequence in a quoted
// string: the fix writes the whole literal again.
func escaped(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "UPDATE consumer_offsets\tSET next_offset = $1 WHERE topic = $2 AND partition = $3", m.Offset+1, m.Topic, m.Partition) // want `the offset row in consumer_offsets is written without a guard`
	return err
}

// notARecord writes an offset that does not come from a record (a reset
// tool).
func notARecord(ctx context.Context, db *sql.DB, topic string, partition int, to int64) error {
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, to, topic, partition) // ok: not a record's position
	return err
}

// selfAssign reads the row (an upsert that keeps the stored value).
func selfAssign(ctx context.Context, tx pgx.Tx, r *kgo.Record) error {
	_, err := tx.Exec(ctx, `INSERT INTO consumer_offsets (topic, partition, next_offset) VALUES ($1, $2, $3)
		ON CONFLICT (topic, partition) DO UPDATE SET next_offset = consumer_offsets.next_offset`, r.Topic, r.Partition, r.Offset) // ok: assigns the column to itself
	return err
}

// nextOffset is where the consumer resumes after m.
func nextOffset(m kafka.Message) int64 { return m.Offset + 1 }

// viaHelper computes the position in a helper: the fix evaluates its call
// once, before the statement.
func viaHelper(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ?`, nextOffset(m), m.Topic, m.Partition) // want `the offset row in consumer_offsets is written without a guard`
	return err
}

// viaHelperGuarded guards it.
func viaHelperGuarded(ctx context.Context, db *sql.DB, m kafka.Message) error {
	next := nextOffset(m)
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ? AND next_offset < ?`, next, m.Topic, m.Partition, next) // ok: monotonic condition
	return err
}

// plusOne is the position after an offset, record's or not.
func plusOne(off int64) int64 { return off + 1 }

// viaPlusOne passes the record's offset to it.
func viaPlusOne(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, plusOne(m.Offset), m.Topic, m.Partition) // want `the offset row in consumer_offsets is written without a guard`
	return err
}

// resetTo passes an operator's offset to it: not a record's position.
func resetTo(ctx context.Context, db *sql.DB, topic string, partition int, to int64) error {
	_, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3`, plusOne(to), topic, partition) // ok: not a record's position
	return err
}
