// Package franzrevokeremote: franz-go clients built here, with revoke
// callbacks, and polled only by another package (helper.Consume), where
// AllowRebalance would have to go (#13).
package franzrevokeremote

import (
	"context"
	"log"
	"sync"

	"fencing/helper"

	"github.com/twmb/franz-go/pkg/kgo"
)

func store(r *kgo.Record) {}

// onlyCommits registers a callback that does nothing but commit what was
// polled: it can run while helper.Consume still applies the poll.
func onlyCommits(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll: the callback can run while the poll loop is still processing, and it commits everything polled, those records included`
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

// batcher buffers records and writes them in batches.
type batcher struct {
	mu      sync.Mutex
	pending []*kgo.Record
}

func (b *batcher) add(r *kgo.Record) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending = append(b.pending, r)
	if len(b.pending) == 100 {
		b.writeLocked()
	}
}

func (b *batcher) flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.writeLocked()
}

func (b *batcher) writeLocked() { b.pending = b.pending[:0] }

// flushAndCommit writes the buffer on revoke and commits what was polled,
// with auto-commit off: the poll helper.Consume is applying is committed
// too.
func flushAndCommit(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			b.flush()
			if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
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

// blocked is onlyCommits' twin: rebalances wait for the AllowRebalance
// that helper.ConsumeBlocked calls between polls.
func blocked(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: rebalances blocked while a poll is processed
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.ConsumeBlocked(ctx, cl, store)
}

// flushOnly is flushAndCommit's twin: the callback writes the buffer and
// leaves commits to helper.Consume, which commits each poll once it is
// applied.
func flushOnly(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) { // ok: polled and committed in another package, whose commits decide what a rebalance replays
			b.flush()
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.Consume(ctx, cl, b.add)
}
