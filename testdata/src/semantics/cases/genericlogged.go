package cases

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A generic helper logging a failed write and returning nothing (trial
// 47a/D2, lago's cache consumer): the commit after the poll passes the
// record. Its twin returns the failure and the loop stops.
type cacheRow struct{ ID string }

func saveLogged[T any](ctx context.Context, db *sql.DB, r *kgo.Record) {
	var v T
	if err := json.Unmarshal(r.Value, &v); err != nil {
		return
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO cache (v) VALUES ($1)", r.Value); err != nil {
		log.Printf("cache: %v", err)
	}
}

func saveReturned[T any](ctx context.Context, db *sql.DB, r *kgo.Record) error {
	var v T
	if err := json.Unmarshal(r.Value, &v); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO cache (v) VALUES ($1)", r.Value)
	return err
}

func genericLogged(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-generic-logged"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: genericlogged
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			saveLogged[cacheRow](ctx, db, r)
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

func genericReturned(ctx context.Context, db *sql.DB) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-generic-returned"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: genericreturned
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := saveReturned[cacheRow](ctx, db, r); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
