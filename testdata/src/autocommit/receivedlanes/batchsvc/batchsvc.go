// Package batchsvc collects batches from a consumer the wiring gives it
// and hands them to package txn's transactions, which commit their
// offsets.
package batchsvc

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"autocommit/receivedlanes/txn"
)

// Run reads batches of ten until ctx is done.
func Run(ctx context.Context, c *kafka.Consumer, r *txn.Runner) {
	var batch []*kafka.Message
	for ctx.Err() == nil {
		m, err := c.ReadMessage(-1) // ok: the transactions commit the offsets
		if err != nil {
			continue
		}
		batch = append(batch, m)
		if len(batch) < 10 {
			continue
		}
		if err := r.Run(ctx, batch); err != nil {
			log.Printf("transaction: %v", err)
		}
		batch = batch[:0]
	}
}
