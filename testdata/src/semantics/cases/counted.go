package cases

import (
	"context"
	"fmt"
	"log"
	"sync/atomic"
	"time"

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

// answerer applies messages, answering whether it did.
type answerer struct{}

// deliver applies m, logging a failure and answering false.
func (answerer) deliver(m kafkago.Message) bool {
	if err := apply(m); err != nil {
		log.Printf("apply %d: %v", m.Offset, err)
		return false
	}
	return true
}

// answerDropped drops deliver's answer and commits: a failed message is
// committed past (audit 39b/D13: 3 of 300 lost with no crash). Its twin
// stops on false.
func answerDropped(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-answer-dropped", Topic: "t"}) // case: answerdropped
	var w answerer
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		w.deliver(m)
		_ = r.CommitMessages(ctx, m)
	}
}

// answerRead is answerDropped stopping on false.
func answerRead(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-answer-read", Topic: "t"}) // case: answerread
	var w answerer
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if !w.deliver(m) {
			return
		}
		_ = r.CommitMessages(ctx, m)
	}
}

// applyAll applies a batch, logging and skipping a failed record, and
// counts what it applied.
func applyAll(recs []kafkago.Message) (applied int) {
	for _, m := range recs {
		if err := apply(m); err != nil {
			log.Printf("apply %d: %v", m.Offset, err)
			continue
		}
		applied++
	}
	return applied
}

// applyUntil applies a batch up to its first failure, returning it.
func applyUntil(recs []kafkago.Message) (int, error) {
	for i, m := range recs {
		if err := apply(m); err != nil {
			return i, err
		}
	}
	return len(recs), nil
}

// countLogged only logs the count of a batch short of records, then
// commits it whole: the failed ones are committed past (audit 39b/D2: 3
// of 300 lost with no crash). Its twin stops on the helper's error.
func countLogged(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-count-logged", Topic: "t"}) // case: countlogged
	for {
		var batch []kafkago.Message
		for range 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		if n := applyAll(batch); n < len(batch) {
			log.Printf("%d of %d failed", len(batch)-n, len(batch))
		}
		_ = r.CommitMessages(ctx, batch...)
	}
}

// countStops is countLogged stopping on the first failure.
func countStops(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-count-stops", Topic: "t"}) // case: countstops
	for {
		var batch []kafkago.Message
		for range 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		if _, err := applyUntil(batch); err != nil {
			log.Printf("stopping: %v", err)
			return
		}
		_ = r.CommitMessages(ctx, batch...)
	}
}

// countFatal is countLogged stopping the process on a short batch
// (review 39-2/D1: log.Fatalf is no log only).
func countFatal(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-count-fatal", Topic: "t"}) // case: countfatal
	for {
		var batch []kafkago.Message
		for range 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		if n := applyAll(batch); n < len(batch) {
			log.Fatalf("%d of %d failed", len(batch)-n, len(batch))
		}
		_ = r.CommitMessages(ctx, batch...)
	}
}

// closureFlag applies a batch through a literal that logs a failure and
// clears a flag the loop only logs, then commits the batch: the failed
// message is committed past (audit 39b/D4). Its twin stops on the flag.
func closureFlag(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-closure-flag", Topic: "t"}) // case: closureflag
	for {
		var batch []kafkago.Message
		for range 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		clean := true
		applyOne := func(m kafkago.Message) {
			if err := apply(m); err != nil {
				log.Printf("apply %d: %v", m.Offset, err)
				clean = false
			}
		}
		for _, m := range batch {
			applyOne(m)
		}
		if !clean {
			log.Printf("batch had failures")
		}
		_ = r.CommitMessages(ctx, batch...)
	}
}

// closureFlagStops is closureFlag stopping on the flag.
func closureFlagStops(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-closure-stops", Topic: "t"}) // case: closureflagstops
	for {
		var batch []kafkago.Message
		for range 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		clean := true
		applyOne := func(m kafkago.Message) {
			if err := apply(m); err != nil {
				log.Printf("apply %d: %v", m.Offset, err)
				clean = false
			}
		}
		for _, m := range batch {
			applyOne(m)
		}
		if !clean {
			return
		}
		_ = r.CommitMessages(ctx, batch...)
	}
}

// skipsSeen counts failures in a package-level counter, and stats in a
// method of a field's type; nothing tests either: both are metrics
// (review 39-1/D7). retriedSeen tests the global before each commit.
var skipsSeen atomic.Int64

var retriedSeen atomic.Int64

type failStats struct{ failed atomic.Int64 }

func (s *failStats) incFailed() { s.failed.Add(1) }

type statWriter struct{ st failStats }

func (w *statWriter) write(m kafkago.Message) {
	if err := apply(m); err != nil {
		w.st.incFailed()
		log.Printf("apply %d: %v", m.Offset, err)
	}
}

func writeGlobal(m kafkago.Message) {
	if err := apply(m); err != nil {
		skipsSeen.Add(1)
		log.Printf("apply %d: %v", m.Offset, err)
	}
}

func writeRetried(m kafkago.Message) {
	if err := apply(m); err != nil {
		retriedSeen.Add(1)
		log.Printf("apply %d: %v", m.Offset, err)
	}
}

func countedGlobal(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-counted-global", Topic: "t"}) // case: countedglobal
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		writeGlobal(m)
		_ = r.CommitMessages(ctx, m)
	}
}

func countedMethod(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-counted-method", Topic: "t"}) // case: countedmethod
	w := &statWriter{}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		w.write(m)
		_ = r.CommitMessages(ctx, m)
	}
}

func countedGlobalFlag(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-counted-global-flag", Topic: "t"}) // case: countedglobalflag
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		writeRetried(m)
		if retriedSeen.Load() > 0 {
			return
		}
		_ = r.CommitMessages(ctx, m)
	}
}

// fetchApplier's next fetches a message and applies it, returning the
// apply's error: the loop logs it and goes on to the next message, whose
// commit passes the failed one (review 40-1/D4: taken for a poll helper).
type fetchApplier struct{ r *kafkago.Reader }

func (f *fetchApplier) next(ctx context.Context) (kafkago.Message, error) {
	m, err := f.r.FetchMessage(ctx)
	if err != nil {
		return m, err
	}
	return m, apply(m)
}

func fetchApplied(ctx context.Context) {
	f := &fetchApplier{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fetch-applied", Topic: "t"})} // case: fetchapplied
	for ctx.Err() == nil {
		m, err := f.next(ctx)
		if err != nil {
			log.Print(err)
			continue
		}
		_ = f.r.CommitMessages(ctx, m)
	}
}

// safeRun applies m, turning a panic into an error: its error comes
// first (trial 40c/D1: dropped with `_, _ =`, then committed past, the
// row said at-least-once).
func safeRun(m kafkago.Message) (err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			err, panicked = fmt.Errorf("panic: %v", r), true
		}
	}()
	return apply(m), false
}

func safeDropped(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-safe-dropped", Topic: "t"}) // case: safedropped
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_, _ = safeRun(m)
		_ = r.CommitMessages(ctx, m)
	}
}

func safeChecked(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-safe-checked", Topic: "t"}) // case: safechecked
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err, _ := safeRun(m); err != nil {
			return err
		}
		_ = r.CommitMessages(ctx, m)
	}
}

// fetchTimed's next only fetches, noting when: its failure takes no
// record (review 40-2/D6: taken for processing).
type fetchTimed struct {
	r    *kafkago.Reader
	last time.Time
}

func (f *fetchTimed) next(ctx context.Context) (kafkago.Message, error) {
	m, err := f.r.FetchMessage(ctx)
	f.last = time.Now()
	return m, err
}

func fetchTimedLoop(ctx context.Context) error {
	f := &fetchTimed{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fetch-timed", Topic: "t"})} // case: fetchtimed
	for ctx.Err() == nil {
		m, err := f.next(ctx)
		if err != nil {
			log.Print(err)
			continue
		}
		if err := apply(m); err != nil {
			return err
		}
		_ = f.r.CommitMessages(ctx, m)
	}
	return nil
}
