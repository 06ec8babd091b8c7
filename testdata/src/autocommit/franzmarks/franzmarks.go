// Package franzmarks: franz-go marks only count with kgo.AutoCommitMarks().
package franzmarks

import (
	"context"
	"errors"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var errPoison = errors.New("poison record")

func apply(r *kgo.Record) error {
	if string(r.Value) == "poison" {
		return errPoison
	}
	return nil
}

// marksIgnored marks after processing, retrying a failure, but without
// AutoCommitMarks the marks are no-ops and auto-commit commits every
// polled record. (A loop going on from a failure is marksnofix_test.go's:
// with the option, later marks would pass the failed record all the same.)
func marksIgnored(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("ledger"),
		kgo.ConsumeTopics("entries"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			for err := apply(r); err != nil; err = apply(r) {
				log.Printf("retry %d: %v", r.Offset, err)
			}
			cl.MarkCommitRecords(r) // want `is a no-op without kgo.AutoCommitMarks\(\).*: a record left unmarked is committed anyway if the loop goes on`
		})
	}
}

// marksEffective is marksIgnored with AutoCommitMarks.
func marksEffective(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("ledger"),
		kgo.AutoCommitMarks(),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				return
			}
			cl.MarkCommitRecords(r) // ok: AutoCommitMarks is set
		})
	}
}

// marksInSlice has its options in a slice literal: the fix adds the option
// there.
func marksInSlice(ctx context.Context) {
	opts := []kgo.Opt{kgo.ConsumerGroup("ledger"), kgo.ConsumeTopics("entries")}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return
	}
	for ctx.Err() == nil {
		for _, r := range cl.PollFetches(ctx).Records() {
			for apply(r) != nil {
			}
			cl.MarkCommitRecords(r) // want `is a no-op without kgo.AutoCommitMarks\(\).*: a record left unmarked is committed anyway if the loop goes on`
		}
	}
}

// marksStop stops at a record it fails to apply: nothing commits past it
// (the poll it came from becomes committable only when the loop polls
// again), but the marks still do nothing, and a restart replays
// everything since the last timer commit.
func marksStop(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("ledger"), kgo.ConsumeTopics("entries"))
	if err != nil {
		return err
	}
	defer cl.Close()
	for ctx.Err() == nil {
		for _, r := range cl.PollFetches(ctx).Records() {
			if err := apply(r); err != nil {
				return err
			}
			cl.MarkCommitRecords(r) // want `is a no-op without kgo.AutoCommitMarks\(\).*committed anyway if the loop goes on, and a restart replays everything since the last timer commit`
		}
	}
	return nil
}

// manualMarks commits the marks itself besides the timer (franz-go
// refuses AutoCommitMarks with DisableAutoCommit: NewClient fails).
func manualMarks(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("ledger"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if apply(r) == nil {
				cl.MarkCommitRecords(r) // ok: AutoCommitMarks set, CommitMarkedOffsets below
			}
		})
		if err := cl.CommitMarkedOffsets(ctx); err != nil {
			return err
		}
	}
}

// disabledNoCommit disables auto-commit and never commits: the marks are
// no-ops, but making them effective would not commit anything either, so
// the finding would not help (silent by design).
func disabledNoCommit(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("ledger"), kgo.DisableAutoCommit())
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			_ = apply(r)
			cl.MarkCommitRecords(r) // ok: nothing commits at all (silent by design)
		})
	}
}

// manualCommit disables auto-commit and commits each processed poll.
func manualCommit(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("ledger"), kgo.DisableAutoCommit()) // ok: explicit CommitRecords after processing
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		recs := fetches.Records()
		for _, r := range recs {
			if err := apply(r); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			return err
		}
	}
}

// manualMarksNoOption commits marks with CommitMarkedOffsets but lacks
// AutoCommitMarks: both calls are no-ops and nothing is ever committed.
func manualMarksNoOption(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("ledger"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			for apply(r) != nil {
			}
			cl.MarkCommitRecords(r) // want `CommitMarkedOffsets commits nothing, so with auto-commit off no offset is ever committed`
		})
		if err := cl.CommitMarkedOffsets(ctx); err != nil {
			return err
		}
	}
}

// marksThenCommitPolled marks, then commits every polled offset: the marks
// are no-ops, but CommitUncommittedOffsets does not read them.
func marksThenCommitPolled(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("ledger"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if apply(r) == nil {
				cl.MarkCommitRecords(r) // ok: auto-commit off, the commit does not read marks
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// marksMadeSlice is manualMarksNoOption with the options in a slice made
// with a capacity, then appended to (sergeyslonimsky/core's consumer):
// the fix appends AutoCommitMarks before the client is built.
func marksMadeSlice(ctx context.Context, topic string) error {
	opts := make([]kgo.Opt, 0, 3)
	opts = append(opts, kgo.ConsumerGroup("ledger"), kgo.ConsumeTopics(topic))
	opts = append(opts, kgo.DisableAutoCommit())
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			for apply(r) != nil {
			}
			cl.MarkCommitRecords(r) // want `CommitMarkedOffsets commits nothing, so with auto-commit off no offset is ever committed`
		})
		if err := cl.CommitMarkedOffsets(ctx); err != nil {
			return err
		}
	}
}

// marksMadeSliceOn is marksMadeSlice's twin with AutoCommitMarks in the
// made slice: the marks are committed.
func marksMadeSliceOn(ctx context.Context, n int) error {
	opts := make([]kgo.Opt, 0, n)
	opts = append(opts, kgo.ConsumerGroup("ledger"), kgo.AutoCommitMarks())
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if apply(r) == nil {
				cl.MarkCommitRecords(r)
			}
		})
		if err := cl.CommitMarkedOffsets(ctx); err != nil {
			return err
		}
	}
}

// marksEveryPath marks a record it cannot decode as well as one it
// applied: no path goes on without a mark, so the message claims no loss
// of a skipped record (only the replay since the last timer commit).
func marksEveryPath(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("ledger"), kgo.ConsumeTopics("entries"))
	if err != nil {
		return
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if len(r.Value) == 0 {
				cl.MarkCommitRecords(r) // want `is a no-op without kgo.AutoCommitMarks\(\).*: a record left unmarked is committed anyway if the loop goes on, and a restart replays everything since the last timer commit, not since the last mark$`
				return
			}
			_ = apply(r)
			cl.MarkCommitRecords(r)
		})
	}
}
