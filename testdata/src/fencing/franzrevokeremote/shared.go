package franzrevokeremote

import (
	"context"
	"log"

	"fencing/helper"

	"github.com/twmb/franz-go/pkg/kgo"
)

// sharedRevoker flushes the buffer and commits on revoke, and once more
// when the consume loop has returned.
type sharedRevoker struct {
	b *batcher
}

func (r *sharedRevoker) onRevoked(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	r.flushCommit(ctx, cl)
}

// flushCommit writes the buffer and commits what the client polled.
func (r *sharedRevoker) flushCommit(ctx context.Context, cl *kgo.Client) {
	r.b.flush()
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
		log.Printf("commit: %v", err)
	}
}

// viaSharedHelper registers onRevoked, whose helper also runs at shutdown.
func viaSharedHelper(ctx context.Context, r *sharedRevoker) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(r.onRevoked),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	err = helper.Consume(ctx, cl, r.b.add)
	r.flushCommit(context.Background(), cl) // the consume loop has returned: everything polled is applied
	return err
}

// blockedRevoker is sharedRevoker's twin, on a client that blocks
// rebalances while a poll is processed.
type blockedRevoker struct {
	b *batcher
}

func (r *blockedRevoker) onRevoked(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	r.flushCommit(ctx, cl)
}

func (r *blockedRevoker) flushCommit(ctx context.Context, cl *kgo.Client) {
	r.b.flush()
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: rebalances blocked while a poll is processed
		log.Printf("commit: %v", err)
	}
}

func viaSharedBlocked(ctx context.Context, r *blockedRevoker) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.ConsumeTopics("views"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(r.onRevoked),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	err = helper.ConsumeBlocked(ctx, cl, r.b.add)
	r.flushCommit(context.Background(), cl)
	return err
}
