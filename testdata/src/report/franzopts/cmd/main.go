// Command cmd polls the clients kafkax builds.
package main

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"

	"report/franzopts/kafkax"
)

func main() {
	ctx := context.Background()
	db, err := sql.Open("postgres", "")
	if err != nil {
		log.Fatal(err)
	}
	spans, err := kafkax.NewMarking([]string{"spans"})
	if err != nil {
		log.Fatal(err)
	}
	logs, err := kafkax.NewGroup([]string{"logs"}, kgo.DisableAutoCommit())
	if err != nil {
		log.Fatal(err)
	}
	go func() {
		for ctx.Err() == nil {
			fetches := logs.PollFetches(ctx)
			fetches.EachRecord(func(r *kgo.Record) {
				if _, err := db.ExecContext(ctx, "INSERT INTO logs (v) VALUES ($1)", r.Value); err != nil {
					log.Fatal(err)
				}
			})
			if err := logs.CommitUncommittedOffsets(ctx); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}()
	for ctx.Err() == nil {
		fetches := spans.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if _, err := db.ExecContext(ctx, "INSERT INTO spans (v) VALUES ($1)", r.Value); err != nil {
				log.Fatal(err)
			}
			spans.MarkCommitRecords(r)
		})
	}
}
