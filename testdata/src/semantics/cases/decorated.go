package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A handler decorated by a logger held in an interface: one that logs
// the failure and returns nil swallows it (audit 35b/D1: at-least-once
// was said), its twin returns it.
type recHandler interface {
	Handle(ctx context.Context, r *kgo.Record) error
}

type recFunc func(ctx context.Context, r *kgo.Record) error

func (f recFunc) Handle(ctx context.Context, r *kgo.Record) error { return f(ctx, r) }

type logSwallow struct{ next recHandler }

func (l logSwallow) Handle(ctx context.Context, r *kgo.Record) error {
	if err := l.next.Handle(ctx, r); err != nil {
		log.Printf("record %s: %v", r.Key, err)
	}
	return nil
}

type logReturn struct{ next recHandler }

func (l logReturn) Handle(ctx context.Context, r *kgo.Record) error {
	err := l.next.Handle(ctx, r)
	if err != nil {
		log.Printf("record %s: %v", r.Key, err)
	}
	return err
}

func decoratedSwallow(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-decorated"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks()) // case: decoratedswallow
	var h recHandler = logSwallow{next: recFunc(func(_ context.Context, r *kgo.Record) error { return apply(r.Value) })}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			for h.Handle(ctx, r) != nil {
			}
			cl.MarkCommitRecords(r)
		}
	}
}

func decoratedReturn(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-decorated"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks()) // case: decoratedreturn
	var h recHandler = logReturn{next: recFunc(func(_ context.Context, r *kgo.Record) error { return apply(r.Value) })}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			for h.Handle(ctx, r) != nil {
			}
			cl.MarkCommitRecords(r)
		}
	}
}
