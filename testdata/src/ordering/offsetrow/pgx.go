package offsetrow

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

type click struct {
	Page string `json:"page"`
}

// count records the click of r.
func count(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	var c click
	if err := json.Unmarshal(r.Value, &c); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE pages SET clicks = clicks + 1 WHERE page = $1`, c.Page)
	return err
}

// stored returns the offset stored for a partition, where consuming
// resumes.
func stored(ctx context.Context, pool *pgxpool.Pool, topic string, partition int32) (kgo.Offset, error) {
	var next int64
	if err := pool.QueryRow(ctx, `SELECT next_offset FROM click_offsets WHERE topic = $1 AND partition = $2`, topic, partition).Scan(&next); err != nil {
		return kgo.Offset{}, err
	}
	return kgo.NewOffset().At(next), nil
}

// upsertFirst upserts the next offset of each record, then counts it.
func upsertFirst(ctx context.Context, cl *kgo.Client, pool *pgxpool.Pool) error {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		for _, r := range fetches.Records() {
			if _, err := pool.Exec(ctx, `INSERT INTO click_offsets (topic, partition, next_offset) VALUES ($1, $2, $3) ON CONFLICT (topic, partition) DO UPDATE SET next_offset = excluded.next_offset`, r.Topic, r.Partition, r.Offset+1); err != nil { // want `call to Exec writes the offset row \(click_offsets.next_offset\) before the record is processed: the consumer resumes from that row, so a crash between them loses the record \(at-most-once\)`
				return err
			}
			if err := count(ctx, pool, r); err != nil {
				return err
			}
		}
	}
}

// upsertAfter is upsertFirst's twin.
func upsertAfter(ctx context.Context, cl *kgo.Client, pool *pgxpool.Pool) error {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		for _, r := range fetches.Records() {
			if err := count(ctx, pool, r); err != nil {
				return err
			}
			if _, err := pool.Exec(ctx, `INSERT INTO click_offsets (topic, partition, next_offset) VALUES ($1, $2, $3) ON CONFLICT (topic, partition) DO UPDATE SET next_offset = excluded.next_offset`, r.Topic, r.Partition, r.Offset+1); err != nil { // ok: after the click is counted
				return err
			}
		}
	}
}

// upsertInTx is upsertFirst's other twin: the offset and the click in one
// transaction.
func upsertInTx(ctx context.Context, cl *kgo.Client, pool *pgxpool.Pool) error {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		for _, r := range fetches.Records() {
			var c click
			if err := json.Unmarshal(r.Value, &c); err != nil {
				return err
			}
			tx, err := pool.Begin(ctx)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO click_offsets (topic, partition, next_offset) VALUES ($1, $2, $3) ON CONFLICT (topic, partition) DO UPDATE SET next_offset = excluded.next_offset`, r.Topic, r.Partition, r.Offset+1); err != nil { // ok: in the click's transaction
				tx.Rollback(ctx)
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE pages SET clicks = clicks + 1 WHERE page = $1`, c.Page); err != nil {
				tx.Rollback(ctx)
				return err
			}
			if err := tx.Commit(ctx); err != nil {
				return err
			}
		}
	}
}
