package restorefranz

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

// applyLast writes the effect and the offset of the record it applied
// (the last applied, not the next to read) in one transaction.
func applyLast(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO ledger (key, body) VALUES ($1, $2)`, r.Key, r.Value); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE ledger_offsets SET last_offset = $1 WHERE topic = $2 AND partition = $3 AND last_offset < $1`, r.Offset, r.Topic, r.Partition); err != nil { // want `the position written to ledger_offsets in the transaction is never read back when partitions are assigned`
		return err
	}
	return tx.Commit(ctx)
}

// lastApplied never reads the last applied offset back: the fix resumes
// right after it (SELECT last_offset + 1), or that record would be
// applied again at every assignment.
func lastApplied(ctx context.Context, pool *pgxpool.Pool) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("ledger"),
		kgo.ConsumeTopics("transfers"),
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
			if err := applyLast(ctx, pool, r); err != nil {
				return err
			}
		}
	}
}
