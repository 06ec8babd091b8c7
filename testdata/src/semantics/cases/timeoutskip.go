package cases

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A write that timed out, told apart and skipped: no poison record, the
// same write succeeds when tried again; the next poll commits past it
// (review 36-1/D10).
func timeoutSkip(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-timeoutskip"), kgo.ConsumeTopics("t")) // case: timeoutskip
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			wctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			_, err := db.ExecContext(wctx, "INSERT INTO events (body) VALUES ($1)", r.Value)
			cancel()
			if err != nil {
				if errors.Is(err, context.DeadlineExceeded) {
					log.Printf("timed out: %d", r.Offset)
					continue
				}
				log.Fatal(err)
			}
		}
	}
}
