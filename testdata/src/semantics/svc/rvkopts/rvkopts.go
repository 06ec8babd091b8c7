// Package rvkopts builds franz-go clients from the options its callers
// pass, and offers a revoke callback committing every polled record
// (trial 40b/D11: the row said at-least-once and "revoke: not needed";
// a shutdown leaving a poll half processed lost 275 of 300).
package rvkopts

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Options are a consumer's options, auto-commit off.
func Options(group, topic string) []kgo.Opt {
	return []kgo.Opt{kgo.ConsumerGroup(group), kgo.ConsumeTopics(topic), kgo.DisableAutoCommit()}
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

// NewClient builds the orders client from its callers' options.
func NewClient(opts ...kgo.Opt) (*kgo.Client, error) {
	return kgo.NewClient(opts...) // case: rvkpolled
}
