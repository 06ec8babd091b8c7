// Package consume is the Kafka adapter of the core (usr3's
// kgomarkhandoffpool, hexagonal-fastcampus-pay's settlement): it calls
// the core through interfaces of its own, whose only implementation is
// core's Settlement.
package consume

import (
	"context"
	"encoding/json"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"

	"ordering/xhandoff/core"
)

// Port is what the adapter needs from the core.
type Port interface{ Enqueue(core.Payload) }

// Settler is the core's synchronous side.
type Settler interface {
	Settle(context.Context, core.Payload) error
}

func New() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("settlement"), kgo.ConsumeTopics("payments"), kgo.AutoCommitMarks(), kgo.BlockRebalanceOnPoll())
}

// Start marks each record once the core has queued its payload.
func Start(ctx context.Context, cl *kgo.Client, c Port) {
	for ctx.Err() == nil {
		fetches := cl.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			var p core.Payload
			if err := json.Unmarshal(r.Value, &p); err != nil {
				return
			}
			c.Enqueue(p)
			cl.MarkCommitRecords(r) // want `call to MarkCommitRecords after the record is handed to core.Settlement.Enqueue, which only queues it for later work, with no wait for its processing: with auto-commit on, a crash before the record is processed loses it \(at-most-once\)`
		})
		cl.AllowRebalance()
	}
}

// Settle is Start's twin: it marks each record once the core has
// written its payload.
func Settle(ctx context.Context, cl *kgo.Client, c Settler) {
	for ctx.Err() == nil {
		fetches := cl.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			var p core.Payload
			if err := json.Unmarshal(r.Value, &p); err != nil {
				return
			}
			if err := c.Settle(ctx, p); err != nil {
				log.Printf("settle %s: %v", p.TxID, err)
				return
			}
			cl.MarkCommitRecords(r) // ok: settled in place
		})
		cl.AllowRebalance()
	}
}

// Dispatch routes by topic: payments go to the core's queue, other
// topics are only marked. On the payments path the mark still precedes
// the processing.
func Dispatch(ctx context.Context, cl *kgo.Client, c Port) {
	for ctx.Err() == nil {
		fetches := cl.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			switch r.Topic {
			case "payments":
				c.Enqueue(core.Payload{TxID: string(r.Key)})
			}
			cl.MarkCommitRecords(r) // want `call to MarkCommitRecords after the record is handed \(on some paths\) to core.Settlement.Enqueue, which only queues it for later work, with no wait for its processing`
		})
		cl.AllowRebalance()
	}
}

// DispatchSettled is Dispatch's twin: the payments path settles in
// place before the mark.
func DispatchSettled(ctx context.Context, cl *kgo.Client, c Settler) {
	for ctx.Err() == nil {
		fetches := cl.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			if r.Topic == "payments" {
				if err := c.Settle(ctx, core.Payload{TxID: string(r.Key)}); err != nil {
					return
				}
			}
			cl.MarkCommitRecords(r) // ok: settled in place
		})
		cl.AllowRebalance()
	}
}
