package cases

import (
	"context"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// flusher polls in Run and commits once more in Close, at shutdown.
type flusher struct{ cl *kgo.Client }

func (f *flusher) run(ctx context.Context) {
	for ctx.Err() == nil {
		fs := f.cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = apply(r) })
	}
}

func (f *flusher) close() {
	if err := f.cl.CommitUncommittedOffsets(context.Background()); err != nil {
		panic(err)
	}
	f.cl.Close()
}

// closeFlushTimer relies on the default auto-commit; Close's commit is a
// last flush, not the strategy.
func closeFlushTimer(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-close-timer"), kgo.ConsumeTopics("t")) // case: closetimer
	f := &flusher{cl: cl}
	defer f.close()
	f.run(ctx)
}

// closeOnly turns auto-commit off: only Close commits, which a crash
// skips (it said each batch, one poll of duplicates).
func closeOnly(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-close-only"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: closeonly
	f := &closeOnlyFlusher{cl: cl}
	defer f.close()
	f.run(ctx)
}

// closeOnlyFlusher is flusher for closeOnly's client.
type closeOnlyFlusher struct{ cl *kgo.Client }

func (f *closeOnlyFlusher) run(ctx context.Context) {
	for ctx.Err() == nil {
		fs := f.cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = apply(r) })
	}
}

func (f *closeOnlyFlusher) close() {
	if err := f.cl.CommitUncommittedOffsets(context.Background()); err != nil {
		panic(err)
	}
	f.cl.Close()
}

var _, _ = closeFlushTimer, closeOnly

// tickerClosure commits through a closure a goroutine calls on each tick
// and once more when it ends (trial 32a/5: "commits once, at shutdown"
// for a commit made every 5 s).
func tickerClosure(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-ticker-closure"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: tickerclosure
	commit := func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			panic(err)
		}
	}
	go func() {
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		defer commit()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				commit()
			}
		}
	}()
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = apply(r) })
	}
}

// ctxFlush commits through a closure a goroutine calls once the context
// is done: a flush at shutdown (review 32-2: read as each batch).
func ctxFlush(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-ctx-flush"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: ctxflush
	flush := func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			panic(err)
		}
	}
	go func() {
		<-ctx.Done()
		flush()
	}()
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = apply(r) })
	}
}
