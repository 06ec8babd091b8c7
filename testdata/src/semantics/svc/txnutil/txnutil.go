// Package txnutil ends the transactions of a session it is given.
package txnutil

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Finish commits the transaction when ok, aborts it otherwise.
func Finish(ctx context.Context, s *kgo.GroupTransactSession, ok bool) error {
	_, err := s.End(ctx, kgo.TransactionEndTry(ok))
	return err
}

// Poll polls the session and ends no transaction.
func Poll(ctx context.Context, s *kgo.GroupTransactSession) kgo.Fetches {
	return s.PollFetches(ctx)
}
