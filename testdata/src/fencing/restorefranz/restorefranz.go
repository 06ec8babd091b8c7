// Package restorefranz: franz-go consumers that write their position in
// the transaction that applies the record, with and without
// AdjustFetchOffsetsFn reading it back when partitions are assigned.
package restorefranz

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

const saveOffset = `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`

// applyBlind writes the effect and the position in one transaction.
func applyBlind(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, saveOffset, r.Offset+1, r.Topic, r.Partition); err != nil { // want `the position written to consumer_offsets in the transaction is never read back when partitions are assigned: nothing is committed to the broker either: every restart and rebalance starts from the default start offset, the oldest offset, so the partition's records are applied again`
		return err
	}
	return tx.Commit(ctx)
}

// blind commits nothing to Kafka and never reads its position back.
func blind(ctx context.Context, pool *pgxpool.Pool) error {
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
			if err := applyBlind(ctx, pool, r); err != nil {
				return err
			}
		}
	}
}

// applyBoth writes the effect and the position in one transaction.
func applyBoth(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE stream_offsets SET next_offset = $1 WHERE group_id = $2 AND topic = $3 AND partition = $4 AND next_offset < $1`, r.Offset+1, "audit", r.Topic, r.Partition); err != nil { // want `the position written to stream_offsets in the transaction is never read back when partitions are assigned: a restart or rebalance resumes from the broker's committed offset`
		return err
	}
	return tx.Commit(ctx)
}

// both commits to Kafka after the transaction (for lag) but resumes from
// Kafka's position, not the stored one.
func both(ctx context.Context, pool *pgxpool.Pool) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("audit"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
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
			if err := applyBoth(ctx, pool, r); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
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
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, saveOffset, r.Offset+1, r.Topic, r.Partition) // ok: AdjustFetchOffsetsFn reads the row back
	if err != nil {
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
					err := db.QueryRowContext(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2`, topic, partition).Scan(&next)
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

// applyMessage writes the effect and the position in one transaction.
func applyMessage(ctx context.Context, pool *pgxpool.Pool, m kafka.Message) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition) // want `the position written to consumer_offsets in the transaction is never read back, and this kafka-go consumer cannot be told where to resume: nothing is committed to the broker either`
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// groupReader is a kafka-go group Reader, which cannot be told where to
// resume: the fix skips, in the transaction, what is applied already.
func groupReader(ctx context.Context, pool *pgxpool.Pool) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "views-kafka-go", Topic: "events"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applyMessage(ctx, pool, m); err != nil {
			return err
		}
	}
}

// applySkipping skips, inside the transaction, what the stored position
// says is applied already.
func applySkipping(ctx context.Context, pool *pgxpool.Pool, m kafka.Message) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var next int64
	err = tx.QueryRow(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2 FOR UPDATE`, m.Topic, m.Partition).Scan(&next)
	if err == nil && m.Offset < next {
		return nil // applied before a restart or rebalance
	}
	if _, err := tx.Exec(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, saveOffset, m.Offset+1, m.Topic, m.Partition) // ok: the transaction skips messages below the stored position
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// groupReaderSkipping is a kafka-go group Reader committing to the group
// after each transaction, whose transactions skip what is applied.
func groupReaderSkipping(ctx context.Context, pool *pgxpool.Pool) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "views-skipping", Topic: "events"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := applySkipping(ctx, pool, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// applyApp keys its position row by the application as well, a constant.
func applyApp(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO bills (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE app_offsets SET next_offset = $1 WHERE app = $2 AND topic = $3 AND partition = $4 AND next_offset < $1`, r.Offset+1, "billing", r.Topic, r.Partition); err != nil { // want `the position written to app_offsets in the transaction is never read back when partitions are assigned`
		return err
	}
	return tx.Commit(ctx)
}

// appKeyed never reads its position back: the fix reads the row of the
// same application.
func appKeyed(ctx context.Context, pool *pgxpool.Pool) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("billing"), kgo.ConsumeTopics("bills"), kgo.DisableAutoCommit())
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
			if err := applyApp(ctx, pool, r); err != nil {
				return err
			}
		}
	}
}

// applyTenant keys its position row by a tenant taken from the record.
func applyTenant(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO tenant_views (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE tenant_offsets SET next_offset = $1 WHERE tenant = $2 AND topic = $3 AND partition = $4 AND next_offset < $1`, r.Offset+1, string(r.Key), r.Topic, r.Partition); err != nil { // ok: several rows per partition (one per tenant): no one stored position to resume from
		return err
	}
	return tx.Commit(ctx)
}

// tenantKeyed keeps a position per tenant and partition.
func tenantKeyed(ctx context.Context, pool *pgxpool.Pool) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("tenants"), kgo.ConsumeTopics("tenant-events"), kgo.DisableAutoCommit())
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
			if err := applyTenant(ctx, pool, r); err != nil {
				return err
			}
		}
	}
}

// applyViews writes the effect and the position in one transaction on
// the views database.
func applyViews(ctx context.Context, views *pgxpool.Pool, r *kgo.Record) error {
	tx, err := views.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE view_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`, r.Offset+1, r.Topic, r.Partition); err != nil { // want `the position written to view_offsets in the transaction is never read back when partitions are assigned`
		return err
	}
	return tx.Commit(ctx)
}

// twoDatabases has two pools in scope: the fix reads through the one the
// transaction is begun on.
func twoDatabases(ctx context.Context, views, audit *pgxpool.Pool) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("two-dbs"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
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
			if err := applyViews(ctx, views, r); err != nil {
				return err
			}
			if _, err := audit.Exec(ctx, `INSERT INTO audit_log (key) VALUES ($1)`, r.Key); err != nil {
				return err
			}
		}
	}
}
