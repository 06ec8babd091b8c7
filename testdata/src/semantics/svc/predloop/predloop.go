// Package predloop asks a predicate its caller supplies about each poll
// before processing it in place (review 32-1: a batch predicate returning
// a bool was taken for a handler, and the row said unknown).
package predloop

import (
	"context"
	"os"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Run polls, waits while overloaded says so, writes each record, and
// commits the poll.
func Run(ctx context.Context, overloaded func([]*kgo.Record) bool) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pred"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: predloop
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		recs := cl.PollFetches(ctx).Records()
		if overloaded(recs) {
			time.Sleep(time.Second)
		}
		for _, r := range recs {
			if err := os.WriteFile("out", r.Value, 0o644); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			return err
		}
	}
	return nil
}
