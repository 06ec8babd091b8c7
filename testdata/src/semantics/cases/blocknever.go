package cases

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// blockNever blocks rebalances on poll and never allows them; it commits
// each poll after processing it.
func blockNever(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-block-never"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll()) // case: blocknever
	if err != nil {
		return err
	}
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := apply(r); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

var _ = blockNever
