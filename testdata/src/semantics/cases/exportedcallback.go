package cases

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A revoke callback registered as a method value of an exported method
// (trial 28b/1): the client it is given is the consumer's own, not one
// received from another package (which made a row of its own, and left
// the consumer's saying nothing commits).
type markRevoker struct{}

// Revoked commits the marks before the partitions move.
func (markRevoker) Revoked(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	_ = cl.CommitMarkedOffsets(ctx)
}

func exportedCallback(ctx context.Context, db *sql.DB) {
	var r markRevoker
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-exported-cb"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks(), kgo.OnPartitionsRevoked(r.Revoked)) // case: exportedcallback
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(rec *kgo.Record) {
			if _, err := db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", rec.Value); err != nil {
				panic(err)
			}
			cl.MarkCommitRecords(rec)
		})
	}
}

var _ = exportedCallback
