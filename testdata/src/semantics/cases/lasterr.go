package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A poll's records applied one by one into one error variable, each
// failure logged and the loop going on, the variable tested after it:
// only the last record's failure stops the commit (hunt 45f/D6). The
// twin keeps the first failure.
func runLastErr(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-last-err"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: lasterr
	for {
		fs := cl.PollFetches(ctx)
		var err error
		for _, r := range fs.Records() {
			if err = applyIn(ctx, r.Value); err != nil {
				log.Printf("apply %d: %v", r.Offset, err)
			}
		}
		if err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runFirstErr(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-first-err"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: firsterr
	for {
		fs := cl.PollFetches(ctx)
		var first error
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				log.Printf("apply %d: %v", r.Offset, err)
				if first == nil {
					first = err
				}
			}
		}
		if first != nil {
			return first
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
