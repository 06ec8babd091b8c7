package cases

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Records kept across polls under franz-go's default auto-commit: each
// poll makes the previous ones committable, held records included (audit
// 32d/15). The twin marks what it wrote, with AutoCommitMarks.
func heldPolls(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-heldpolls"), kgo.ConsumeTopics("t")) // case: heldpolls
	var buf []*kgo.Record
	for {
		fs := cl.PollRecords(ctx, 10)
		buf = append(buf, fs.Records()...)
		if len(buf) < 40 {
			continue
		}
		for _, r := range buf {
			for os.WriteFile(string(r.Key), r.Value, 0o644) != nil {
			}
		}
		buf = buf[:0]
	}
}

// The same, flushed by a closure (audit 33d/1).
func heldPollsClosure(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-heldclosure"), kgo.ConsumeTopics("t")) // case: heldclosure
	var pending []*kgo.Record
	flush := func() {
		for _, r := range pending {
			for os.WriteFile(string(r.Key), r.Value, 0o644) != nil {
			}
		}
		pending = pending[:0]
	}
	for {
		fs := cl.PollRecords(ctx, 10)
		pending = append(pending, fs.Records()...)
		if len(pending) >= 40 {
			flush()
		}
	}
}

func heldPollsMarked(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-heldmarked"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks()) // case: heldmarked
	var buf []*kgo.Record
	for {
		fs := cl.PollRecords(ctx, 10)
		buf = append(buf, fs.Records()...)
		if len(buf) < 40 {
			continue
		}
		for _, r := range buf {
			for os.WriteFile(string(r.Key), r.Value, 0o644) != nil {
			}
		}
		cl.MarkCommitRecords(buf...)
		buf = buf[:0]
	}
}

// Twins that hold nothing when they poll again (review 33-2/1, 2): a
// buffer flushed whenever it holds any, and one emptied at the top of
// each iteration, before the poll, and written after it.
func heldFlushedWhenAny(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-heldany"), kgo.ConsumeTopics("t")) // case: heldany
	var buf []*kgo.Record
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { buf = append(buf, r) })
		if len(buf) > 0 {
			for _, r := range buf {
				for os.WriteFile(string(r.Key), r.Value, 0o644) != nil {
				}
			}
			buf = buf[:0]
		}
	}
}

// Written in chunks of 40, then the remainder, before the next poll
// (review 34-2/D7).
func heldChunksThenRest(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-heldchunks"), kgo.ConsumeTopics("t")) // case: heldchunks
	var buf []*kgo.Record
	for {
		fs := cl.PollRecords(ctx, 100)
		buf = append(buf, fs.Records()...)
		for len(buf) >= 40 {
			writeAll(buf[:40])
			buf = buf[40:]
		}
		if len(buf) > 0 {
			writeAll(buf)
			buf = buf[:0]
		}
	}
}

// Twins that hold records: the remainder written only when a timer
// allows, and a threshold behind an idle guard (review 35-1/D3, D8).
func heldChunksTimed(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-heldtimed"), kgo.ConsumeTopics("t")) // case: heldtimed
	var buf []*kgo.Record
	last := time.Now()
	for {
		fs := cl.PollRecords(ctx, 100)
		buf = append(buf, fs.Records()...)
		for len(buf) >= 40 {
			writeAll(buf[:40])
			buf = buf[40:]
		}
		if len(buf) > 0 && time.Since(last) > 5*time.Second {
			writeAll(buf)
			buf = buf[:0]
			last = time.Now()
		}
	}
}

func heldIdleGuard(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-heldidle"), kgo.ConsumeTopics("t")) // case: heldidle
	var buf []*kgo.Record
	for {
		fs := cl.PollRecords(ctx, 100)
		buf = append(buf, fs.Records()...)
		if len(buf) == 0 {
			continue
		}
		if len(buf) < 40 {
			continue
		}
		writeAll(buf)
		buf = buf[:0]
	}
}

// The remainder's write checked, the process stopping on a failure: still
// nothing held (review 35-2/D3).
func heldCheckedRest(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-heldchecked"), kgo.ConsumeTopics("t")) // case: heldchecked
	var buf []*kgo.Record
	for {
		fs := cl.PollRecords(ctx, 100)
		buf = append(buf, fs.Records()...)
		if len(buf) > 0 {
			if err := os.WriteFile("batch", buf[0].Value, 0o644); err != nil {
				log.Fatal(err)
			}
			buf = buf[:0]
		}
	}
}

func heldResetAtTop(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-heldtop"), kgo.ConsumeTopics("t")) // case: heldtop
	var buf []*kgo.Record
	for {
		buf = buf[:0]
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { buf = append(buf, r) })
		for _, r := range buf {
			for os.WriteFile(string(r.Key), r.Value, 0o644) != nil {
			}
		}
	}
}

// A history of records written as they come, trimmed when large, is no
// buffer (review 34-2/D4, D6).
func writeAll(recs []*kgo.Record) {
	for _, r := range recs {
		for os.WriteFile(string(r.Key), r.Value, 0o644) != nil {
		}
	}
}

func historyTrimmed(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-historytrim"), kgo.ConsumeTopics("t")) // case: historytrim
	var history []*kgo.Record
	for {
		recs := cl.PollRecords(ctx, 10).Records()
		writeAll(recs)
		history = append(history, recs...)
		if len(history) > 1000 {
			history = history[500:]
		}
	}
}
