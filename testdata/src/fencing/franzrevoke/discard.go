package franzrevoke

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// discarded commits everything polled from the callback, discarding the
// error, while the loop may still be processing the poll: the fix blocks
// rebalances during processing and logs the commit's error.
func discarded(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			cl.CommitUncommittedOffsets(ctx) // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
	}
}
