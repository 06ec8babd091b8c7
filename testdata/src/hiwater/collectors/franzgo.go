// Package collectors holds hiwater cases of consume loops that collect the
// completions of their goroutines in the select receiving their records.
package collectors

import (
	"context"
	"log"

	"github.com/offsetcommit/commitlint/lowwater"
	"github.com/twmb/franz-go/pkg/kgo"
)

func process(ctx context.Context, r *kgo.Record) error { return nil }

// poll feeds the records of each poll to a channel, closed when the client
// is.
func poll(ctx context.Context, cl *kgo.Client) <-chan *kgo.Record {
	records := make(chan *kgo.Record)
	go func() {
		defer close(records)
		for {
			fetches := cl.PollFetches(ctx)
			if fetches.IsClientClosed() {
				return
			}
			for _, r := range fetches.Records() {
				records <- r
			}
		}
	}()
	return records
}

// marking starts a goroutine per record and marks each completion in the
// select receiving the records: in completion order.
func marking(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	records := poll(ctx, cl)
	done := make(chan *kgo.Record)
	for {
		select {
		case r, ok := <-records:
			if !ok {
				return nil
			}
			go func() {
				if err := process(ctx, r); err != nil {
					log.Printf("record %d: %v", r.Offset, err)
				}
				done <- r
			}()
		case r := <-done:
			cl.MarkCommitRecords(r) // want `completions passed to MarkCommitRecords in arrival order`
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// trackedMarking is marking's twin: the loop starts each record in a
// tracker and marks the low-water mark the completions advance.
func trackedMarking(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	records := poll(ctx, cl)
	done := make(chan *kgo.Record)
	inFlight := lowwater.New()
	for {
		select {
		case r, ok := <-records:
			if !ok {
				return nil
			}
			if err := inFlight.Start(lowwater.TopicPartition{Topic: r.Topic, Partition: r.Partition}, r.Offset); err != nil {
				return err
			}
			go func() {
				if err := process(ctx, r); err != nil {
					log.Printf("record %d: %v", r.Offset, err)
				}
				done <- r
			}()
		case r := <-done:
			if next, ok := inFlight.Done(lowwater.TopicPartition{Topic: r.Topic, Partition: r.Partition}, r.Offset); ok {
				cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {Epoch: r.LeaderEpoch, Offset: next}}}) // ok: a low-water mark
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// committingRecords starts a goroutine per record and commits each completion
// in the select receiving the records, checking the commit.
func committingRecords(ctx context.Context, cl *kgo.Client) error {
	records := poll(ctx, cl)
	done := make(chan *kgo.Record)
	for {
		select {
		case r, ok := <-records:
			if !ok {
				return nil
			}
			go func() {
				if err := process(ctx, r); err != nil {
					log.Printf("record %d: %v", r.Offset, err)
				}
				done <- r
			}()
		case r := <-done:
			if err := cl.CommitRecords(ctx, r); err != nil { // want `completions passed to CommitRecords in arrival order`
				log.Printf("commit: %v", err)
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// committingInPlace is committingRecords' twin: the select's record case
// processes and commits in place.
func committingInPlace(ctx context.Context, cl *kgo.Client) error {
	records := poll(ctx, cl)
	for {
		select {
		case r, ok := <-records:
			if !ok {
				return nil
			}
			if err := process(ctx, r); err != nil {
				log.Printf("record %d: %v", r.Offset, err)
			}
			if err := cl.CommitRecords(ctx, r); err != nil { // ok: processed in place, in order
				log.Printf("commit: %v", err)
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
