// Package loop hands franz-go records to a worker with chanx.Send under
// the default auto-commit.
package loop

import (
	"context"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"

	"autocommit/sendshared/chanx"
)

func handle(r *kgo.Record) error { return nil }

// Run polls again as soon as chanx.Send has queued the records: the
// next poll makes them committable while the worker may still hold them.
func Run(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return
	}
	defer cl.Close()
	work := make(chan *kgo.Record, 256)
	go func() {
		for r := range work {
			_ = handle(r)
		}
	}()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			chanx.Send(ctx, work, r) // want `record handed to workers over a channel while the loop polls again`
		})
	}
}

// Explicit sends with the type argument written out.
func Explicit(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return
	}
	defer cl.Close()
	work := make(chan *kgo.Record, 256)
	go func() {
		for r := range work {
			_ = handle(r)
		}
	}()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		for _, r := range fetches.Records() {
			chanx.Send[*kgo.Record](ctx, work, r) // want `record handed to workers over a channel while the loop polls again`
		}
	}
}

// Joined counts each record sent and waits for the worker before it
// polls again.
func Joined(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return
	}
	defer cl.Close()
	work := make(chan *kgo.Record, 256)
	var wg sync.WaitGroup
	go func() {
		for r := range work {
			_ = handle(r)
			wg.Done()
		}
	}()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		for _, r := range fetches.Records() {
			wg.Add(1)
			chanx.Send(ctx, work, r)
		}
		wg.Wait()
	}
}
