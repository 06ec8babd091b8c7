// Package consumer is the Kafka adapter: it imports the ports only, never
// the core that implements them.
package consumer

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/twmb/franz-go/pkg/kgo"

	"ordering/xport/ports"
)

type ConsumerHandler struct {
	client            *kgo.Client
	settlementService ports.SettlementAdapter
}

// NewConsumer stores the adapter in a field StartConsumer calls.
func NewConsumer(cl *kgo.Client, adapter ports.SettlementAdapter) *ConsumerHandler { // want NewConsumer:`handsToPort\(1.HandleSettlement\[0\] MarkCommitRecords\)`
	h := &ConsumerHandler{client: cl, settlementService: adapter}
	h.settlementService.InitWorkerPool()
	return h
}

// StartConsumer decodes each record, hands the payload to the adapter,
// then marks the record: the adapter's method is all the processing the
// record gets here.
func (c *ConsumerHandler) StartConsumer(ctx context.Context) {
	for {
		fetches := c.client.PollRecords(ctx, 100)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			switch r.Topic {
			case "transfer-reply":
				var data struct{ TransactionID string }
				if err := json.Unmarshal(r.Value, &data); err != nil {
					return
				}
				c.settlementService.HandleSettlement(ports.Payload{TxID: data.TransactionID})
			}
			c.client.MarkCommitRecords(r)
		})
		c.client.AllowRebalance()
	}
}

// Run commits each record once the ledger it is given returns.
func Run(ctx context.Context, cl *kgo.Client, ledger ports.Ledger) { // want Run:`handsToPort\(2.Append\[0\] CommitRecords\)`
	for {
		fetches := cl.PollRecords(ctx, 100)
		for _, r := range fetches.Records() {
			ledger.Append(ports.Payload{TxID: string(r.Key)})
			if err := cl.CommitRecords(ctx, r); err != nil {
				return
			}
		}
	}
}

// Audited writes each record itself, and also gives a copy to the
// ledger (an audit trail): the ledger's method is not its processing.
type Audited struct {
	client *kgo.Client
	db     *sql.DB
	audit  ports.Ledger
}

func NewAudited(cl *kgo.Client, db *sql.DB, audit ports.Ledger) *Audited {
	return &Audited{client: cl, db: db, audit: audit}
}

func (a *Audited) Start(ctx context.Context) {
	for {
		fetches := a.client.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			if _, err := a.db.ExecContext(ctx, "INSERT INTO payments (id) VALUES ($1)", r.Value); err != nil {
				return
			}
			a.audit.Append(ports.Payload{TxID: string(r.Key)})
			a.client.MarkCommitRecords(r)
		})
	}
}
