// Package viaiface holds fencing cases for consumers that services hide
// behind interfaces of their own. A fix that calls a method of the client
// the interface lacks also declares it in the interface.
package viaiface

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func count(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "UPDATE page_counts SET views = views + 1 WHERE url = $1", b)
	return err
}

// poller is the franz-go client as the counter uses it.
type poller interface {
	PollFetches(ctx context.Context) kgo.Fetches
	MarkCommitRecords(rs ...*kgo.Record)
}

// Counter counts page views.
type Counter struct{ cl poller }

// NewCounter builds the client; its revoke callback commits whatever was
// polled, while Run may still be counting it.
func NewCounter() (*Counter, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("counter"), kgo.ConsumeTopics("pageviews"), kgo.AutoCommitMarks(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
				log.Printf("commit on revoke: %v", err)
			}
		}))
	if err != nil {
		return nil, err
	}
	return &Counter{cl: cl}, nil
}

// Run counts each record, then marks it.
func (c *Counter) Run(ctx context.Context) {
	for {
		fs := c.cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := count(ctx, r.Value); err != nil {
				log.Printf("count: %v", err)
				return
			}
			c.cl.MarkCommitRecords(r)
		})
	}
}

// blocker is the client with AllowRebalance too.
type blocker interface {
	PollFetches(ctx context.Context) kgo.Fetches
	MarkCommitRecords(rs ...*kgo.Record)
	AllowRebalance()
}

// Blocked counts page views between rebalances.
type Blocked struct{ cl blocker }

// NewBlocked builds the client with BlockRebalanceOnPoll: the callback
// runs between a poll's processing and the next poll.
func NewBlocked() (*Blocked, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("counter-blocked"), kgo.ConsumeTopics("pageviews"), kgo.AutoCommitMarks(), kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: rebalances wait for AllowRebalance
				log.Printf("commit on revoke: %v", err)
			}
		}))
	if err != nil {
		return nil, err
	}
	return &Blocked{cl: cl}, nil
}

// Run counts each poll's records, then allows a rebalance.
func (b *Blocked) Run(ctx context.Context) {
	for {
		b.cl.AllowRebalance()
		fs := b.cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := count(ctx, r.Value); err != nil {
				log.Printf("count: %v", err)
				return
			}
			b.cl.MarkCommitRecords(r)
		})
	}
}
