// Package literal holds ordering cases for function literals that capture
// nothing: SSA passes them as plain functions, not closures, and a record
// processed inside one (EachRecord) is processed all the same.
package literal

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func index(r *kgo.Record) error {
	_, err := db.Exec("INSERT INTO clicks (id) VALUES ($1)", r.Key)
	return err
}

// commitFirst commits the poll, then indexes its records in a literal that
// uses only package-level state.
func commitFirst(ctx context.Context, cl *kgo.Client) {
	for {
		fs := cl.PollFetches(ctx)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets before the polled records are processed`
			log.Printf("commit: %v", err)
		}
		fs.EachRecord(func(r *kgo.Record) {
			if err := index(r); err != nil {
				log.Printf("index: %v", err)
			}
		})
	}
}

// commitAfter is commitFirst's twin.
func commitAfter(ctx context.Context, cl *kgo.Client) {
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := index(r); err != nil {
				log.Printf("index: %v", err)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: after EachRecord
			log.Printf("commit: %v", err)
		}
	}
}
