package revokehard

import (
	"context"
	"log"
	"time"

	"fencing/helper"

	"github.com/twmb/franz-go/pkg/kgo"
)

// batcher buffers records and writes them out in batches.
type batcher struct {
	buf    []*kgo.Record
	cancel context.CancelFunc // ends the last deadline's context
}

func (b *batcher) add(r *kgo.Record) { b.buf = append(b.buf, r) }

func (b *batcher) flush() { b.buf = b.buf[:0] }

// deadline flushes the buffer and returns a context that ends with the
// batch's time budget.
func (b *batcher) deadline(ctx context.Context) context.Context {
	b.flush()
	ctx, b.cancel = context.WithTimeout(ctx, time.Second)
	return ctx
}

// syncRetried flushes and commits through a retried function literal:
// the function literal is not the callback's own.
func syncRetried(ctx context.Context, cl *kgo.Client, b *batcher) {
	b.flush()
	for i := 0; i < 3; i++ {
		if err := func() error {
			return cl.CommitUncommittedOffsets(ctx) // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll.*`
		}(); err == nil {
			return
		}
	}
}

// inHelperLiteral commits in a function literal of a function the
// callback calls, on a client polled in another package.
func inHelperLiteral(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			syncRetried(ctx, cl, b)
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.Consume(ctx, cl, b.add)
}

// syncBlocked is syncRetried for inHelperLiteralBlocked.
func syncBlocked(ctx context.Context, cl *kgo.Client, b *batcher) {
	b.flush()
	for i := 0; i < 3; i++ {
		if err := func() error {
			return cl.CommitUncommittedOffsets(ctx) // ok: rebalances blocked while a poll is processed
		}(); err == nil {
			return
		}
	}
}

// inHelperLiteralBlocked is inHelperLiteral's twin: rebalances wait for
// the AllowRebalance that helper.ConsumeBlocked calls between polls.
func inHelperLiteralBlocked(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			syncBlocked(ctx, cl, b)
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.ConsumeBlocked(ctx, cl, b.add)
}

// Sync commits what was polled and then flushes: exported, so other
// packages may call it.
func Sync(ctx context.Context, cl *kgo.Client, b *batcher) {
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll.*`
		log.Printf("commit: %v", err)
	}
	b.flush()
}

// inExported commits through an exported function that does more.
func inExported(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			Sync(ctx, cl, b)
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.Consume(ctx, cl, b.add)
}

// SyncBlocked is Sync for inExportedBlocked.
func SyncBlocked(ctx context.Context, cl *kgo.Client, b *batcher) {
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: rebalances blocked while a poll is processed
		log.Printf("commit: %v", err)
	}
	b.flush()
}

// inExportedBlocked is inExported's twin with BlockRebalanceOnPoll.
func inExportedBlocked(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			SyncBlocked(ctx, cl, b)
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.ConsumeBlocked(ctx, cl, b.add)
}

// leavesUnused commits with a context whose declaration also flushes:
// removing the commit would leave it unused, and the flush must stay.
func leavesUnused(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			tctx := b.deadline(ctx)
			if err := cl.CommitUncommittedOffsets(tctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll.*`
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

// leavesUnusedBlocked is leavesUnused's twin with BlockRebalanceOnPoll.
func leavesUnusedBlocked(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			tctx := b.deadline(ctx)
			if err := cl.CommitUncommittedOffsets(tctx); err != nil { // ok: rebalances blocked while a poll is processed
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
