package cases

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// txnNoEnd builds a transactional session and never begins or ends a
// transaction: its auto-commit is off, so nothing is ever committed
// (trial 31b/5: read as broker transactions, effectively-once).
func txnNoEnd(ctx context.Context) error {
	s, err := kgo.NewGroupTransactSession(kgo.ConsumerGroup("g-txnnoend"), kgo.ConsumeTopics("t-txn")) // case: txnnoend
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		s.PollFetches(ctx).EachRecord(func(r *kgo.Record) { _ = apply(r) })
	}
	return ctx.Err()
}
