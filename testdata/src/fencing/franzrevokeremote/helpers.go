package franzrevokeremote

import (
	"context"
	"log"
	"time"

	"fencing/helper"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Revoke callbacks of clients that helper.Consume polls, whose commit is
// in a function they call, or is made with a context of its own.

// commitPolled commits what the client polled; the revoke callback of
// viaHelper and the shutdown of drain call it.
func commitPolled(ctx context.Context, cl *kgo.Client) error {
	return cl.CommitUncommittedOffsets(ctx) // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll: the callback can run while the poll loop is still processing, and it commits everything polled, those records included`
}

// viaHelper writes the buffer on revoke and commits through commitPolled:
// the poll helper.Consume is applying is committed too.
func viaHelper(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			b.flush()
			if err := commitPolled(ctx, cl); err != nil {
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

// drain commits what a client polled before it closes it.
func drain(ctx context.Context, cl *kgo.Client) {
	if err := commitPolled(ctx, cl); err != nil {
		log.Printf("commit at shutdown: %v", err)
	}
	cl.Close()
}

// viaHelperBlocked is viaHelper's twin: rebalances wait for the
// AllowRebalance that helper.ConsumeBlocked calls between polls.
func viaHelperBlocked(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			b.flush()
			if err := commitPolled(ctx, cl); err != nil { // ok: rebalances blocked while a poll is processed
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

// revoker flushes a buffer and commits when partitions are revoked.
type revoker struct {
	b *batcher
}

// onRevoked is the only caller of flushCommit.
func (r *revoker) onRevoked(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	r.flushCommit(ctx, cl)
}

// flushCommit writes the buffer and commits what the client polled.
func (r *revoker) flushCommit(ctx context.Context, cl *kgo.Client) {
	r.b.flush()
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
		log.Printf("commit on revoke: %v", err)
	}
}

// viaMethod registers onRevoked, which commits in flushCommit.
func viaMethod(ctx context.Context, r *revoker) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.OnPartitionsRevoked(r.onRevoked),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return helper.Consume(ctx, cl, r.b.add)
}

// timedFlushCommit writes the buffer and commits on revoke with a
// deadline of its own.
func timedFlushCommit(ctx context.Context, b *batcher) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			b.flush()
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
	return helper.Consume(ctx, cl, b.add)
}

// timedBlocked is timedCommit's twin.
func timedBlocked(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			commitCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if err := cl.CommitUncommittedOffsets(commitCtx); err != nil { // ok: rebalances blocked while a poll is processed
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
