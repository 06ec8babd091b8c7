package neverallowed

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Archiver is Indexer's twin: it allows rebalances once a poll is
// committed.
type Archiver struct {
	client *kgo.Client
	store  func([]byte) error
}

// NewArchiver builds the client with rebalances blocked on poll.
func NewArchiver(group string, store func([]byte) error) (*Archiver, error) {
	client, err := kgo.NewClient(kgo.ConsumerGroup(group), kgo.ConsumeTopics("archive"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll()) // ok: AllowRebalance after each commit
	if err != nil {
		return nil, err
	}
	return &Archiver{client: client, store: store}, nil
}

// Run stores each poll, commits it, and allows a rebalance.
func (a *Archiver) Run(ctx context.Context) error {
	for {
		fetches := a.client.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := a.store(r.Value); err != nil {
				return err
			}
		}
		if err := a.client.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		a.client.AllowRebalance()
	}
}
