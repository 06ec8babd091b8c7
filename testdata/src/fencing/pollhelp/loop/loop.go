// Package loop builds a client with auto-commit off and commits through
// package commitx: a poll error that drops the poll's records is passed
// by that commit (review 31-3: silent while only the package's own
// commits counted).
package loop

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"

	"fencing/pollhelp/commitx"
)

func save(r *kgo.Record) error { return nil }

// Run polls until ctx is done.
func Run(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil { // want `when fetches.Err\(\) reports an error, the loop polls again without processing the records this poll also holds`
			log.Printf("poll: %v", err)
			continue
		}
		fetches.EachRecord(func(r *kgo.Record) { _ = save(r) })
		if err := commitx.CommitAll(ctx, cl); err != nil {
			return err
		}
	}
	return ctx.Err()
}
