// Package ingest writes each record, then marks it.
package ingest

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"

	"report/singleton/kafkalib"
)

func Run(ctx context.Context, db *sql.DB) error {
	cl, err := kafkalib.Client()
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if _, err := db.ExecContext(ctx, "INSERT INTO t (body) VALUES ($1)", r.Value); err != nil {
				panic(err)
			}
			cl.MarkCommitRecords(r)
		})
	}
	return ctx.Err()
}
