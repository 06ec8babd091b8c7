package revokehard

import (
	"context"
	"fmt"
	"log"

	"fencing/helper"

	"github.com/twmb/franz-go/pkg/kgo"
)

// SyncErr commits what was polled, then flushes, and returns the
// commit's error: exported, so other packages may call it.
func SyncErr(ctx context.Context, cl *kgo.Client, b *batcher) error { // want SyncErr:`wrapsCommit\(CommitUncommittedOffsets\)`
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll.*`
		return fmt.Errorf("sync: %w", err)
	}
	b.flush()
	return nil
}

// inExportedErr commits through an exported function that does more and
// returns the commit's error, which the callback logs.
func inExportedErr(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := SyncErr(ctx, cl, b); err != nil {
				log.Printf("sync on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.Consume(ctx, cl, b.add)
}

// SyncErrBlocked is SyncErr for inExportedErrBlocked.
func SyncErrBlocked(ctx context.Context, cl *kgo.Client, b *batcher) error { // want SyncErrBlocked:`wrapsCommit\(CommitUncommittedOffsets\)`
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: rebalances blocked while a poll is processed
		return fmt.Errorf("sync: %w", err)
	}
	b.flush()
	return nil
}

// inExportedErrBlocked is inExportedErr's twin with BlockRebalanceOnPoll.
func inExportedErrBlocked(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := SyncErrBlocked(ctx, cl, b); err != nil {
				log.Printf("sync on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.ConsumeBlocked(ctx, cl, b.add)
}
