// Package restoreskip: franz-go consumers that keep their position in an
// offset row but whose restore hook has no place: the client's options
// are given in another package, or no handle of the database is in scope
// where the client is built. The fix skips, in the transaction, what the
// stored position says is applied.
package restoreskip

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

const saveOffset = `UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`

// apply writes the effect and the position in one transaction.
func apply(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, saveOffset, r.Offset+1, r.Topic, r.Partition); err != nil { // want `the position written to consumer_offsets in the transaction is never read back when partitions are assigned: a restart or rebalance resumes from the broker's committed offset, behind the stored one`
		return err
	}
	return tx.Commit(ctx)
}

// Run polls a client built by another package (main), committing each
// record to the group after its transaction.
func Run(ctx context.Context, cl *kgo.Client, pool *pgxpool.Pool) error {
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := apply(ctx, pool, r); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				return err
			}
		}
	}
}

// applySkipping skips, inside the transaction, what is applied already.
func applySkipping(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var next int64
	if err := tx.QueryRow(ctx, `SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2 FOR UPDATE`, r.Topic, r.Partition).Scan(&next); err == nil && r.Offset < next {
		return nil
	}
	if _, err := tx.Exec(ctx, `INSERT INTO views (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, saveOffset, r.Offset+1, r.Topic, r.Partition); err != nil { // ok: the transaction skips records below the stored position
		return err
	}
	return tx.Commit(ctx)
}

// RunSkipping is Run over transactions that skip what is applied.
func RunSkipping(ctx context.Context, cl *kgo.Client, pool *pgxpool.Pool) error {
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := applySkipping(ctx, pool, r); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				return err
			}
		}
	}
}

// newClient builds the client where no database handle is in scope.
func newClient() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("audit"), kgo.ConsumeTopics("audit-events"), kgo.DisableAutoCommit())
}

// applyAudit writes the effect and the position in one transaction.
func applyAudit(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO audit (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE audit_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`, r.Offset+1, r.Topic, r.Partition); err != nil { // want `the position written to audit_offsets in the transaction is never read back when partitions are assigned: nothing is committed to the broker either: every restart and rebalance starts from the default start offset, the oldest offset`
		return err
	}
	return tx.Commit(ctx)
}

// audit commits nothing to Kafka; its client's constructor has no handle.
func audit(ctx context.Context, pool *pgxpool.Pool) error {
	cl, err := newClient()
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
			if err := applyAudit(ctx, pool, r); err != nil {
				return err
			}
		}
	}
}

// newClientRestoring is given the pool and restores the stored positions.
func newClientRestoring(pool *pgxpool.Pool) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("audit-restored"),
		kgo.ConsumeTopics("audit-events"),
		kgo.DisableAutoCommit(),
		kgo.AdjustFetchOffsetsFn(func(ctx context.Context, offsets map[string]map[int32]kgo.Offset) (map[string]map[int32]kgo.Offset, error) {
			for topic, partitions := range offsets {
				for partition := range partitions {
					var next int64
					if err := pool.QueryRow(ctx, `SELECT next_offset FROM restored_offsets WHERE topic = $1 AND partition = $2`, topic, partition).Scan(&next); err == nil {
						partitions[partition] = kgo.NewOffset().At(next)
					}
				}
			}
			return offsets, nil
		}),
	)
}

// applyRestored writes the effect and the position in one transaction.
func applyRestored(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO audit (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE restored_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1`, r.Offset+1, r.Topic, r.Partition); err != nil { // ok: the constructor's AdjustFetchOffsetsFn reads the row back
		return err
	}
	return tx.Commit(ctx)
}

// auditRestored resumes from the stored positions.
func auditRestored(ctx context.Context, pool *pgxpool.Pool) error {
	cl, err := newClientRestoring(pool)
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
			if err := applyRestored(ctx, pool, r); err != nil {
				return err
			}
		}
	}
}
