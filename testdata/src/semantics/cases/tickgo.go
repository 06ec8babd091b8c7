package cases

import (
	"context"
	"log"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// tickCommitter commits everything polled on each tick, from a goroutine
// of its own (trial 41e/D13: at-least-once, 17 of 300 lost in 8 kills).
func tickCommitter(ctx context.Context, cl *kgo.Client) {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				log.Print(err)
			}
		}
	}
}

func tickPolled(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-tick-polled"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: tickpolled
	go tickCommitter(ctx, cl)
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := apply(r.Value); err != nil {
				return err
			}
		}
	}
}

// markCommitter commits the marked records on each tick: the loop marks
// each once it is applied.
func markCommitter(ctx context.Context, cl *kgo.Client) {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := cl.CommitMarkedOffsets(ctx); err != nil {
				log.Print(err)
			}
		}
	}
}

func tickMarked(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-tick-marked"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: tickmarked
	go markCommitter(ctx, cl)
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := apply(r.Value); err != nil {
				return err
			}
			cl.MarkCommitRecords(r)
		}
	}
}

var _, _ = tickPolled, tickMarked
