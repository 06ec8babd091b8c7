package cases

import (
	"context"
	"log"
	"sync/atomic"

	kafkago "github.com/segmentio/kafka-go"
)

// metered applies messages, counting failures in a metric.
type metered struct {
	failed atomic.Int64
	errs   int
}

// write applies m, counting and logging a failure: the count is a
// metric nothing tests, so the failure is dropped (audit 39b/D3: the
// README says counting is not processing; 3 of 300 lost with no crash).
func (w *metered) write(m kafkago.Message) {
	if err := apply(m); err != nil {
		w.failed.Add(1)
		log.Printf("apply %d: %v", m.Offset, err)
	}
}

// bump is write counting with ++.
func (w *metered) bump(m kafkago.Message) {
	if err := apply(m); err != nil {
		w.errs++
		log.Printf("apply %d: %v", m.Offset, err)
	}
}

// countedFail commits each message after write: a failed one is
// committed past.
func countedFail(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-counted", Topic: "t"}) // case: countedfail
	w := &metered{}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		w.write(m)
		w.bump(m)
		_ = r.CommitMessages(ctx, m)
	}
}

// flagger is metered whose count the loop tests before each commit.
type flagger struct{ failed atomic.Int64 }

// write applies m, counting a failure the loop stops on.
func (w *flagger) write(m kafkago.Message) {
	if err := apply(m); err != nil {
		w.failed.Add(1)
		log.Printf("apply %d: %v", m.Offset, err)
	}
}

// countedFlag stops at the first failure counted: nothing is skipped.
func countedFlag(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-counted-flag", Topic: "t"}) // case: countedflag
	w := &flagger{}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		w.write(m)
		if w.failed.Load() > 0 {
			return
		}
		_ = r.CommitMessages(ctx, m)
	}
}
