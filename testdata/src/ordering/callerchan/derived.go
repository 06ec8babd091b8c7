package callerchan

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

// finishedCtx waits for a worker that cancels a context the loop derives
// once the record is written: that Done is the work's completion, so the
// commit after it is no hand-off.
func finishedCtx(ctx context.Context, cl *kgo.Client) {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			done, finished := context.WithCancel(ctx)
			go func() {
				defer finished()
				if _, err := db.ExecContext(ctx, "INSERT INTO t (body) VALUES ($1)", r.Value); err != nil {
					log.Printf("insert: %v", err)
				}
			}()
			<-done.Done()
			if err := cl.CommitRecords(ctx, r); err != nil {
				log.Printf("commit: %v", err)
			}
		})
	}
}
