package autocommit_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// outliveNoFixSrc holds franz-go records sent to workers under the
// default auto-commit where the fix cannot count the workers: a channel
// the loop is passed, a package variable's channel, a worker that
// stops receiving at a poison record, an errgroup's pool fed by a loop
// whose poll is a helper returning the records, and a worker stopping
// at a poison record fed by a loop whose helper polls until it has
// records (both silent before: the caller's loop is the next poll). Each is reported, without a fix,
// saying why (#13: never silent for want of a fix); the twin that waits
// for its channel's workers before polling again is not, nor the loop
// processing the helper's records in place.
const outliveNoFixSrc = `package outlivenofix

import (
	"context"
	"database/sql"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

var db *sql.DB

func save(r *kgo.Record) {
	_, _ = db.Exec("INSERT INTO events (body) VALUES ($1)", r.Value)
}

func pump(ctx context.Context, cl *kgo.Client, out chan<- *kgo.Record) {
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			out <- r // want "record handed to workers over a channel while the loop polls again: .*; no automatic fix: the fix cannot find or count every worker"
		})
	}
}

func run(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	out := make(chan *kgo.Record, 64)
	go func() {
		for r := range out {
			save(r)
		}
	}()
	pump(ctx, cl, out)
}

var queue = make(chan *kgo.Record, 64)

func global(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	go func() {
		for r := range queue {
			save(r)
		}
	}()
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			queue <- r // want "record handed to workers over a channel while the loop polls again: .*; no automatic fix: the fix cannot find or count every worker"
		}
	}
}

func poison(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	work := make(chan *kgo.Record, 64)
	go func() {
		for r := range work {
			if r.Value == nil {
				break
			}
			save(r)
		}
	}()
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			work <- r // want "record handed to workers over a channel while the loop polls again: .*; no automatic fix: the fix cannot find or count every worker"
		}
	}
}

func joined(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	for {
		recs := cl.PollFetches(ctx).Records()
		work := make(chan *kgo.Record)
		var wg sync.WaitGroup
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for r := range work {
					save(r)
				}
			}()
		}
		for _, r := range recs {
			work <- r
		}
		close(work)
		wg.Wait()
	}
}

// poll polls once and returns the records: its callers' loops poll
// again.
func poll(ctx context.Context, cl *kgo.Client) ([]*kgo.Record, bool) {
	fs := cl.PollFetches(ctx)
	if fs.IsClientClosed() || ctx.Err() != nil {
		return nil, false
	}
	return fs.Records(), true
}

func viaHelper(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	queue := make(chan *kgo.Record, 512)
	g, gctx := errgroup.WithContext(ctx)
	for i := 0; i < 2; i++ {
		g.Go(func() error {
			for r := range queue {
				save(r)
			}
			return nil
		})
	}
	g.Go(func() error {
		defer close(queue)
		for {
			recs, ok := poll(gctx, cl)
			if !ok {
				return nil
			}
			for _, r := range recs {
				queue <- r // want "record handed to workers over a channel while the loop polls again: .*; no automatic fix: the fix cannot find or count every worker"
			}
		}
	})
	return g.Wait()
}

// pollSome polls until it has records, then returns them.
func pollSome(ctx context.Context, cl *kgo.Client) []*kgo.Record {
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		if recs := fs.Records(); len(recs) > 0 {
			return recs
		}
	}
}

func viaLoopingHelper(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	work := make(chan *kgo.Record, 64)
	go func() {
		for r := range work {
			if r.Value == nil {
				break
			}
			save(r)
		}
	}()
	for {
		recs := pollSome(ctx, cl)
		if recs == nil {
			return
		}
		for _, r := range recs {
			work <- r // want "record handed to workers over a channel while the loop polls again: .*; no automatic fix: the fix cannot find or count every worker"
		}
	}
}

func viaHelperInPlace(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	for {
		recs, ok := poll(ctx, cl)
		if !ok {
			return
		}
		for _, r := range recs {
			save(r)
		}
	}
}
`

// heldSrc holds franz-go records a loop keeps in a slice across polls
// under the default auto-commit, written when 40 are held: the next poll
// makes them committable, written or not (audits 32d/26, 33d/1: the row
// said neither, lint was silent). Reported without a fix, saying why;
// not the twins: a buffer written whenever it holds any, and a history
// of records written as they come, trimmed when large.
const heldSrc = `package heldnofix

import (
	"context"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

func write(recs []*kgo.Record) {
	for _, r := range recs {
		for os.WriteFile(string(r.Key), r.Value, 0o644) != nil {
		}
	}
}

func held(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return
	}
	var buf []*kgo.Record
	for {
		fs := cl.PollRecords(ctx, 10) // want ` + "`" + `records of PollRecords kept in buf across polls: .*; no automatic fix: the buffer is written when it decides, not before the next poll; add kgo.AutoCommitMarks\(\) and mark the buffer's records \(MarkCommitRecords\(buf...\)\)` + "`" + `
		buf = append(buf, fs.Records()...)
		if len(buf) < 40 {
			continue
		}
		write(buf)
		buf = buf[:0]
	}
}

func flushedAny(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return
	}
	var buf []*kgo.Record
	for {
		fs := cl.PollRecords(ctx, 10)
		buf = append(buf, fs.Records()...)
		if len(buf) > 0 {
			write(buf)
			buf = buf[:0]
		}
	}
}

// Written in chunks of 40, then the remainder, before the next poll:
// nothing held (review 34-2/D7).
func chunksThenRest(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return
	}
	var buf []*kgo.Record
	for {
		fs := cl.PollRecords(ctx, 100)
		buf = append(buf, fs.Records()...)
		for len(buf) >= 40 {
			write(buf[:40])
			buf = buf[40:]
		}
		if len(buf) > 0 {
			write(buf)
			buf = buf[:0]
		}
	}
}

func history(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return
	}
	var recent []*kgo.Record
	for {
		recs := cl.PollRecords(ctx, 10).Records()
		write(recs)
		recent = append(recent, recs...)
		if len(recent) > 1000 {
			recent = recent[:0]
		}
	}
}
`

// TestOutliveNoFix runs outliveNoFixSrc: five findings, none with a fix,
// each saying why; none for the twins; and heldSrc: one.
func TestOutliveNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, autocommit.Analyzer, "autocommit/franzoutlive", "outlivenofix", outliveNoFixSrc) {
		if len(r.Diagnostics) != 5 {
			t.Errorf("%d findings, want 5", len(r.Diagnostics))
		}
	}
	for _, r := range testutil.NoFix(t, autocommit.Analyzer, "autocommit/franzoutlive", "heldnofix", heldSrc) {
		if len(r.Diagnostics) != 1 {
			t.Errorf("held: %d findings, want 1", len(r.Diagnostics))
		}
	}
}
