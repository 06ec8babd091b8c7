package cases

import (
	"context"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// nilCommit commits nil offsets on a ticker, which franz-go turns into no
// commit at all (trial 31b/2: read as positions the application
// computes).
func nilCommit(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-nilcommit"), kgo.ConsumeTopics("t-nilcommit"), kgo.DisableAutoCommit()) // case: nilcommit
	if err != nil {
		return err
	}
	go func() {
		for range time.Tick(time.Second) {
			cl.CommitOffsets(ctx, nil, nil)
		}
	}()
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { _ = apply(r) })
	}
	return ctx.Err()
}
