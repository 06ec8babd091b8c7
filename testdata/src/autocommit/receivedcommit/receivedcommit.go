// Package receivedcommit commits on the clients it receives: the commits
// imply auto-commit off (or a flush beside it), so the package relies on
// no default and its hand-offs are not reported as outliving the poll.
package receivedcommit

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Committer commits each partition's records after processing them: the
// commits imply auto-commit off (or a flush beside it), under which the
// goroutines lose nothing.
type Committer struct{ Client *kgo.Client }

func (c *Committer) Run(ctx context.Context, index func(*kgo.Record)) {
	for {
		fs := c.Client.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			go func() { // ok: the service commits, so it does not rely on the default auto-commit
				var done []*kgo.Record
				p.EachRecord(func(r *kgo.Record) {
					index(r)
					done = append(done, r)
				})
				_ = c.Client.CommitRecords(ctx, done...)
			}()
		})
	}
}

// Indexer commits nothing itself, but the wiring hands the same client to
// Commit too: the package commits on a client it receives elsewhere.
type Indexer struct{ Client *kgo.Client }

func (ix *Indexer) Run(ctx context.Context, index func(*kgo.Record)) {
	for ctx.Err() == nil {
		for _, r := range ix.Client.PollFetches(ctx).Records() {
			go index(r) // ok: the package commits on a client it receives through another entry (Commit)
		}
	}
}

// Commit commits what the indexer has finished, when the wiring says so.
func Commit(ctx context.Context, cl *kgo.Client, done []*kgo.Record) error {
	return cl.CommitRecords(ctx, done...)
}
