package franzrevokeremote

import (
	"context"
	"log"

	"fencing/helper"

	"github.com/twmb/franz-go/pkg/kgo"
)

// SyncErr commits what was polled and flushes, unless nothing is
// buffered, and returns the commit's error: exported, so other packages
// may call it, and it returns early.
func SyncErr(ctx context.Context, cl *kgo.Client, b *batcher) error {
	if len(b.pending) == 0 {
		return nil // nothing buffered since the last sync
	}
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
		return err
	}
	b.flush()
	return nil
}

// inExported commits through SyncErr on revoke, on a client polled in
// another package (the fix runs SyncErr's other statements in the
// callback, under its early return's negated condition).
func inExported(ctx context.Context, b *batcher) error {
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

// SyncErrBlocked is SyncErr for inExportedBlocked.
func SyncErrBlocked(ctx context.Context, cl *kgo.Client, b *batcher) error {
	if len(b.pending) == 0 {
		return nil // nothing buffered since the last sync
	}
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: rebalances blocked while a poll is processed
		return err
	}
	b.flush()
	return nil
}

// inExportedBlocked is inExported's twin with BlockRebalanceOnPoll.
func inExportedBlocked(ctx context.Context, b *batcher) error {
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
