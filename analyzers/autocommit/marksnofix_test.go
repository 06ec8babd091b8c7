package autocommit_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// marksNoFixSrc marks each record from a goroutine of its own, the poll
// waiting for them all, without kgo.AutoCommitMarks(). The fix once added
// the option: the goroutines' marks then counted, forward-only and in
// completion order, and the timer committed the highest while lower
// records were still being written (audit 33d/8: 7 and 22 of 300 lost
// with the fix, none without it). Reported without a fix, saying why.
const marksNoFixSrc = `package marksnofix

import (
	"context"
	"os"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

func run(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return
	}
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fs.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := os.WriteFile(string(r.Key), r.Value, 0o644); err != nil {
					return
				}
				cl.MarkCommitRecords(r) // want ` + "`" + `no automatic fix: the marks are made by goroutines that finish out of order` + "`" + `
			}()
		})
		wg.Wait()
	}
}
`

// marksPastSrc marks each record it applies and goes on from one it
// fails to apply, without kgo.AutoCommitMarks(): the auto-commit timer
// commits the failed record once the loop polls again, and with the
// option the next record's mark commits past it all the same (audit
// 34d/1: 9 of 300 lost before the fix, 14 after). With auto-commit off,
// nothing is committed at all, and the option would make the marks pass
// the failed records. Both are reported without a fix, saying why.
const marksPastSrc = `package markspast

import (
	"context"
	"log"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

func apply(r *kgo.Record) error { return os.WriteFile(string(r.Key), r.Value, 0o644) }

func skips(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return
	}
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				log.Printf("skip %d: %v", r.Offset, err)
				return
			}
			cl.MarkCommitRecords(r) // want ` + "`" + `goes on from \(after a failure\) is committed when the loop polls again, and never retried \(lost\); no automatic fix: the loop goes on from a record whose processing failed` + "`" + `
		})
	}
}

func skipsManual(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			if apply(r) == nil {
				cl.MarkCommitRecords(r) // want ` + "`" + `no offset is ever committed: .*; no automatic fix: the loop goes on from a record whose processing failed` + "`" + `
			}
		})
		if err := cl.CommitMarkedOffsets(ctx); err != nil {
			return err
		}
	}
}
`

// TestMarksNoFix runs marksNoFixSrc and marksPastSrc.
func TestMarksNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, autocommit.Analyzer, "autocommit/franzoutlive", "marksnofix", marksNoFixSrc)
	testutil.NoFix(t, autocommit.Analyzer, "autocommit/franzoutlive", "markspast", marksPastSrc)
}
