package franzrevoke

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// hooks carries the callbacks the service gives the helper building its
// client (audit 34c/D5: a callback reached through the struct's field
// was not followed).
type hooks struct {
	revoked func(context.Context, *kgo.Client, map[string][]int32)
}

func newHooked(h hooks) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(h.revoked),
	)
}

func commitOnRevoke(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
		log.Printf("commit on revoke: %v", err)
	}
}

func hooked(ctx context.Context) error {
	cl, err := newHooked(hooks{revoked: commitOnRevoke})
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
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// Its twin blocks rebalances while the loop processes a poll.
func newHookedBlocked(h hooks) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(h.revoked),
	)
}

func commitOnRevokeBlocked(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	if err := cl.CommitUncommittedOffsets(ctx); err != nil {
		log.Printf("commit on revoke: %v", err)
	}
}

func hookedBlocked(ctx context.Context) error {
	cl, err := newHookedBlocked(hooks{revoked: commitOnRevokeBlocked})
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		cl.AllowRebalance()
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
