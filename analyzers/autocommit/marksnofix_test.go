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

// TestMarksNoFix runs marksNoFixSrc.
func TestMarksNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, autocommit.Analyzer, "autocommit/franzoutlive", "marksnofix", marksNoFixSrc)
}
