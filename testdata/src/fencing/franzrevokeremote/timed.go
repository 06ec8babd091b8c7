package franzrevokeremote

import (
	"context"
	"log"
	"time"

	"fencing/helper"

	"github.com/twmb/franz-go/pkg/kgo"
)

// timedCommit commits on revoke with a deadline of its own.
func timedCommit(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			commitCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if err := cl.CommitUncommittedOffsets(commitCtx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.Consume(ctx, cl, store)
}
