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

// PollOnly hands its session to a helper that only polls: no code ends a
// transaction (review 31-3: read as broker transactions).
func PollOnly(ctx context.Context) {
	s, _ := kgo.NewGroupTransactSession(kgo.ConsumerGroup("g-txnpoll"), kgo.ConsumeTopics("t-txnpoll")) // case: txnpoll
	for ctx.Err() == nil {
		txnutil.Poll(ctx, s).EachRecord(func(r *kgo.Record) { _ = r })
	}
}
