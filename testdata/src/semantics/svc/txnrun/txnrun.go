// Package txnrun writes a batch's offsets in a transaction, on the
// producer and consumer the wiring gives it (audit 31c/5).
package txnrun

import (
	"context"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Runner runs transactions.
type Runner struct {
	P *kafka.Producer
	C *kafka.Consumer
}

// Run commits the offsets after in, in a transaction.
func (r *Runner) Run(ctx context.Context, in []*kafka.Message) error {
	if err := r.P.BeginTransaction(); err != nil {
		return err
	}
	md, err := r.C.GetConsumerGroupMetadata()
	if err != nil {
		return r.P.AbortTransaction(ctx)
	}
	offs := make([]kafka.TopicPartition, 0, len(in))
	for _, m := range in {
		tp := m.TopicPartition
		tp.Offset++
		offs = append(offs, tp)
	}
	if err := r.P.SendOffsetsToTransaction(ctx, offs, md); err != nil {
		return r.P.AbortTransaction(ctx)
	}
	return r.P.CommitTransaction(ctx)
}
