package cases

import (
	"context"
	"os"

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
