// Package txnloop collects batches and gives them to package txnrun's
// transactions: the commits are made there.
package txnloop

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"semantics/svc/txnrun"
)

// Run reads batches of ten until ctx is done.
func Run(ctx context.Context, c *kafka.Consumer, r *txnrun.Runner) {
	var batch []*kafka.Message
	for ctx.Err() == nil {
		m, err := c.ReadMessage(-1)
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

// Main wires the loop with auto-commit off.
func Main(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-txnloop", "enable.auto.commit": false}) // case: txnloop
	p, _ := kafka.NewProducer(&kafka.ConfigMap{"transactional.id": "t"})
	Run(ctx, c, &txnrun.Runner{P: p, C: c})
}
