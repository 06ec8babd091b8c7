// Package audit records every order event from a franz-go client it is
// given, committing each poll after saving all of its records.
//
// CORRECT: the caller disables auto-commit; CommitRecords runs after the
// poll's records are saved, synchronously, its error returned
// (at-least-once, one poll replayed at most).
package audit

import (
	"context"
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/offsetcommit/commitlint/examples/service/internal/store"
)

// Run polls cl until ctx ends.
func Run(ctx context.Context, cl *kgo.Client, st *store.Store) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := st.Save(ctx, r.Value); err != nil {
				return fmt.Errorf("save %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
			}
		}
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
	}
}
