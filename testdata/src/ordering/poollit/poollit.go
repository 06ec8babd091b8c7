// Package poollit holds a franz-go consumer that sends each record's
// payload, in a struct literal, to a pool of workers and marks the
// record at once (bogie5464/netflow-collector's shape): with
// AutoCommitMarks the mark may be committed before a worker settles the
// payment.
package poollit

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

type payment struct {
	id     string
	amount []byte
}

func settle(ctx context.Context, p payment) error {
	_, err := db.ExecContext(ctx, "UPDATE payments SET settled = true WHERE id = $1", p.id)
	return err
}

// Run marks each record after queueing its payment for the workers.
func Run(ctx context.Context, cl *kgo.Client) {
	queue := make(chan payment, 100)
	for i := 0; i < 4; i++ {
		go func() {
			for p := range queue {
				if err := settle(ctx, p); err != nil {
					log.Printf("settle %s: %v", p.id, err)
				}
			}
		}()
	}
	for ctx.Err() == nil {
		fetches := cl.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			queue <- payment{id: string(r.Key), amount: r.Value}
			cl.MarkCommitRecords(r) // want `call to MarkCommitRecords after the record is sent on a channel, with no wait for its processing`
		})
		cl.AllowRebalance()
	}
}

// RunInPlace is Run's twin: each payment is settled in place, and only
// a copy is queued for the audit workers.
func RunInPlace(ctx context.Context, cl *kgo.Client) {
	audit := make(chan payment, 100)
	for i := 0; i < 4; i++ {
		go func() {
			for p := range audit {
				log.Printf("audit %s", p.id)
			}
		}()
	}
	for ctx.Err() == nil {
		fetches := cl.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			p := payment{id: string(r.Key), amount: r.Value}
			if err := settle(ctx, p); err != nil {
				log.Printf("settle %s: %v", p.id, err)
				return
			}
			audit <- payment{id: string(r.Key), amount: r.Value}
			cl.MarkCommitRecords(r) // ok: settled in place, the audit gets a copy
		})
		cl.AllowRebalance()
	}
}

// New builds the client with marks committed by the timer.
func New() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("settlement"), kgo.ConsumeTopics("payments"), kgo.AutoCommitMarks(), kgo.BlockRebalanceOnPoll())
}
