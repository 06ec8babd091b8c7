// Package rvkblock is rvkopts holding rebalances back to the poll: the
// revoke callback runs between polls only, after each is committed.
package rvkblock

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Options are a consumer's options, auto-commit off, rebalances held
// back to the poll.
func Options(group, topic string) []kgo.Opt {
	return []kgo.Opt{kgo.ConsumerGroup(group), kgo.ConsumeTopics(topic), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll()}
}

// CommitOnRevoke commits what was polled before partitions move.
func CommitOnRevoke() []kgo.Opt {
	commit := func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit on revoke: %v", err)
		}
	}
	return []kgo.Opt{kgo.OnPartitionsRevoked(commit)}
}

// NewClient builds the payments client from its callers' options.
func NewClient(opts ...kgo.Opt) (*kgo.Client, error) {
	return kgo.NewClient(opts...) // case: rvkblocked
}
