package franzrevokeremote

import (
	"context"
	"log"

	"fencing/helper"

	"github.com/twmb/franz-go/pkg/kgo"
)

// retry calls f up to n times, until it succeeds.
func retry(n int, f func() error) (err error) {
	for i := 0; i < n; i++ {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

// retriedCommit writes the buffer on revoke and commits what was polled
// through a retried function literal: the poll helper.Consume is applying
// is committed too.
func retriedCommit(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			b.flush()
			if err := retry(3, func() error {
				return cl.CommitUncommittedOffsets(ctx) // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
			}); err != nil {
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.Consume(ctx, cl, b.add)
}

// closureCommit commits through a closure it declares and calls.
func closureCommit(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			commit := func() {
				if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
					log.Printf("commit on revoke: %v", err)
				}
			}
			b.flush()
			commit()
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.Consume(ctx, cl, b.add)
}

// retriedBlocked is retriedCommit's twin: rebalances wait for the
// AllowRebalance that helper.ConsumeBlocked calls between polls.
func retriedBlocked(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			b.flush()
			if err := retry(3, func() error {
				return cl.CommitUncommittedOffsets(ctx) // ok: rebalances blocked while a poll is processed
			}); err != nil {
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.ConsumeBlocked(ctx, cl, b.add)
}
