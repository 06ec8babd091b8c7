package cases

import (
	"context"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A transactional session writing each committed record to a file after
// the commit (audit 35b/D9: it said effects outside only repeat); its
// twin writes them before End.
func txnAfterFile(ctx context.Context) error {
	s, err := kgo.NewGroupTransactSession(kgo.ConsumerGroup("g-txnafter"), kgo.ConsumeTopics("t-txn")) // case: txnafterfile
	if err != nil {
		return err
	}
	for {
		fs := s.PollFetches(ctx)
		if err := s.Begin(); err != nil {
			return err
		}
		recs := fs.Records()
		if committed, err := s.End(ctx, kgo.TryCommit); err != nil || !committed {
			return err
		}
		for _, r := range recs {
			if err := os.WriteFile(string(r.Key), r.Value, 0o644); err != nil {
				return err
			}
		}
	}
}

func txnBeforeFile(ctx context.Context) error {
	s, err := kgo.NewGroupTransactSession(kgo.ConsumerGroup("g-txnafter"), kgo.ConsumeTopics("t-txn")) // case: txnbeforefile
	if err != nil {
		return err
	}
	for {
		fs := s.PollFetches(ctx)
		if err := s.Begin(); err != nil {
			return err
		}
		for _, r := range fs.Records() {
			if err := os.WriteFile(string(r.Key), r.Value, 0o644); err != nil {
				return err
			}
		}
		if committed, err := s.End(ctx, kgo.TryCommit); err != nil || !committed {
			return err
		}
	}
}
