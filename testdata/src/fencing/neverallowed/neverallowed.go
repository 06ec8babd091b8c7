// Package neverallowed holds franz-go clients that block rebalances on
// poll: each poll that returns records holds rebalances back until
// AllowRebalance releases it, so a client that never calls it stalls its
// group at the first rebalance.
package neverallowed

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Indexer indexes search events.
type Indexer struct {
	client *kgo.Client
	index  func(map[string]any) error
}

// New builds the client with rebalances blocked on poll.
func New(brokers []string, group string, index func(map[string]any) error) (*Indexer, error) {
	client, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics("search-events"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(), // want `kgo.BlockRebalanceOnPoll without AllowRebalance: each poll that returns records holds rebalances back until AllowRebalance is called, and nothing calls it`
	)
	if err != nil {
		return nil, err
	}
	return &Indexer{client: client, index: index}, nil
}

// Run indexes each poll, then commits it; it never allows a rebalance.
func (x *Indexer) Run(ctx context.Context) error {
	for {
		fetches := x.client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			var ev map[string]any
			if err := json.Unmarshal(r.Value, &ev); err != nil {
				return
			}
			if err := x.index(ev); err != nil {
				slog.Error("index", "err", err)
			}
		})
		if err := x.client.CommitUncommittedOffsets(ctx); err != nil {
			slog.Error("commit", "err", err)
		}
	}
}
