package hiwater_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/hiwater"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// skippedAckSrc holds franz-go workers that call each record's ack (a
// MarkCommitRecords callback) on success only: a failed write is logged
// and skipped. Waiting for each callback (the wait fix) would block the
// poll loop for good on the first failure, so the finding has no fix and
// says why (the fix built and re-linted clean before).
const skippedAckSrc = `package skippedack

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

type job struct {
	rec *kgo.Record
	ack func()
}

func write([]byte) error { return nil }

func run(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks())
	if err != nil {
		return
	}
	jobs := make(chan job)
	for i := 0; i < 4; i++ {
		go func() {
			for j := range jobs {
				if err := write(j.rec.Value); err != nil {
					log.Printf("write: %v", err)
					continue
				}
				j.ack()
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			jobs <- job{rec: r, ack: func() { cl.MarkCommitRecords(r) }} // want "call to MarkCommitRecords from a completion callback .*; no automatic fix: the workers that take the callback do not call it on every path"
		})
	}
}
`

// TestSkippedAckNoFix runs skippedAckSrc: the one finding has no fix and
// says why.
func TestSkippedAckNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, hiwater.Analyzer, "hiwater/spawners", "skippedack", skippedAckSrc)
}
