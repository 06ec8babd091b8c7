package cases

import (
	"context"
	"iter"

	"github.com/twmb/franz-go/pkg/kgo"
)

// An iterator applying records that ends at the first failure and keeps
// it for Err, as bufio.Scanner does: a loop ranging over it and never
// calling Err cannot tell the failure from the end, and commits the poll
// (hunt 45f/D5: 146 of 300 lost). The twin checks Err before the commit.
type recApplier struct{ err error }

func (a *recApplier) All(ctx context.Context, recs []*kgo.Record) iter.Seq[*kgo.Record] {
	return func(yield func(*kgo.Record) bool) {
		for _, r := range recs {
			if err := applyIn(ctx, r.Value); err != nil {
				a.err = err
				return
			}
			if !yield(r) {
				return
			}
		}
	}
}

func (a *recApplier) Err() error { return a.err }

func runIterErr(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-iter-err"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: itererr
	ap := &recApplier{}
	for {
		fs := cl.PollFetches(ctx)
		n := 0
		for range ap.All(ctx, fs.Records()) {
			n++
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runIterErrChecked(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-iter-checked"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: iterchecked
	ap := &recApplier{}
	for {
		fs := cl.PollFetches(ctx)
		for range ap.All(ctx, fs.Records()) {
		}
		if err := ap.Err(); err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// failed reports the applier's failure: Err checked through a helper
// (review 45-2/D2).
func failed(a *recApplier) error { return a.Err() }

func runIterErrHelper(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-iter-helper"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: iterhelper
	ap := &recApplier{}
	for {
		fs := cl.PollFetches(ctx)
		for range ap.All(ctx, fs.Records()) {
		}
		if err := failed(ap); err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
