// Package txnhelp ends each poll's transaction through package txnutil
// (review 31-2: read as a session that commits no transaction).
package txnhelp

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/txnutil"
)

// Run copies each poll's records in a transaction.
func Run(ctx context.Context) error {
	s, err := kgo.NewGroupTransactSession(kgo.ConsumerGroup("g-txnhelp"), kgo.ConsumeTopics("t-txnhelp")) // case: txnhelp
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		fs := s.PollFetches(ctx)
		if err := s.Begin(); err != nil {
			return err
		}
		fs.EachRecord(func(r *kgo.Record) { _ = r })
		if err := txnutil.Finish(ctx, s, true); err != nil {
			return err
		}
	}
	return ctx.Err()
}
