// Package franzgo holds hiwater cases for github.com/twmb/franz-go.
package franzgo

import (
	"context"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

func process(ctx context.Context, r *kgo.Record) error { return nil }

// A goroutine per record marks its own record; the batch is joined, so the
// fix moves the mark after the join, for the whole batch.
func eachRecordMarks(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks())
	if err != nil {
		return
	}
	for {
		fetches := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fetches.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := process(ctx, r); err != nil {
					log.Printf("process: %v", err)
				}
				cl.MarkCommitRecords(r) // want `MarkCommitRecords from a per-record goroutine: records of a partition finish out of order and franz-go marks are forward-only, so a higher offset is marked while lower ones are still in flight and their own marks are dropped: a crash loses them \(at-most-once\)`
			}()
		})
		wg.Wait()
	}
}

// Not joined at all: the fix adds the WaitGroup.
func rangeCommits(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	for {
		records := cl.PollFetches(ctx).Records()
		for _, r := range records {
			go func() {
				process(ctx, r)
				if err := cl.CommitRecords(ctx, r); err != nil { // want `CommitRecords from a per-record goroutine: records of a partition finish out of order and franz-go commits are last-write-wins, so the committed offset moves back when a lower record finishes \(replays after a restart\) and past records still in flight`
					log.Printf("commit: %v", err)
				}
			}()
		}
	}
}

// errgroup: every path that skips the commit returns an error, and the
// loop stops when Wait reports one.
func groupCommits(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	for {
		fetches := cl.PollFetches(ctx)
		var g errgroup.Group
		for _, r := range fetches.Records() {
			g.Go(func() error {
				if err := process(ctx, r); err != nil {
					return err
				}
				return cl.CommitRecords(ctx, r) // want `CommitRecords from a per-record errgroup function`
			})
		}
		if err := g.Wait(); err != nil {
			return err
		}
	}
}

// The same with errgroup.WithContext's context: it is canceled when Wait
// returns, so the commit moved after it takes ctx, the group's parent.
func groupContext(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	for {
		fetches := cl.PollFetches(ctx)
		g, gctx := errgroup.WithContext(ctx)
		for _, r := range fetches.Records() {
			g.Go(func() error {
				if err := process(gctx, r); err != nil {
					return err
				}
				return cl.CommitRecords(gctx, r) // want `CommitRecords from a per-record errgroup function`
			})
		}
		if err := g.Wait(); err != nil {
			return err
		}
	}
}

// Committed after the join, for the whole batch.
func joinedBatch(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	for {
		fetches := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fetches.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				process(ctx, r)
			}()
		})
		wg.Wait()
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // ok: after the join
			return err
		}
	}
}

// Joined before the next record starts: sequential.
func joinedPerRecord(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	for {
		var wg sync.WaitGroup
		for _, r := range cl.PollFetches(ctx).Records() {
			wg.Add(1)
			go func() {
				defer wg.Done()
				process(ctx, r)
				cl.MarkCommitRecords(r) // ok: waited for before the next record
			}()
			wg.Wait()
		}
	}
}

// franz-go's goroutine per partition: records of a partition in order.
func perPartition(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	for {
		fetches := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.EachRecord(func(r *kgo.Record) {
					process(ctx, r)
					cl.MarkCommitRecords(r) // ok: one goroutine per partition, its records in order
				})
			}()
		})
		wg.Wait()
	}
}

// A pool of workers on one channel.
func pool(ctx context.Context, workers int) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	jobs := make(chan *kgo.Record)
	for i := 0; i < workers; i++ {
		go func() {
			for r := range jobs {
				process(ctx, r)
				cl.MarkCommitRecords(r) // want `MarkCommitRecords from a pool of workers: records of a partition finish out of order`
			}
		}()
	}
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { jobs <- r })
	}
}

// One worker: records in channel order.
func singleWorker(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	jobs := make(chan *kgo.Record)
	go func() {
		for r := range jobs {
			process(ctx, r)
			cl.MarkCommitRecords(r) // ok: a single worker
		}
	}()
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { jobs <- r })
	}
}

// A worker per channel, records routed by partition.
func workerPerChannel(ctx context.Context, n int) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	chans := make([]chan *kgo.Record, n)
	for i := range chans {
		ch := make(chan *kgo.Record)
		chans[i] = ch
		go func() {
			for r := range ch {
				process(ctx, r)
				cl.MarkCommitRecords(r) // ok: each worker has its own channel, a partition goes to one worker
			}
		}()
	}
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { chans[int(r.Partition)%n] <- r })
	}
}

// progress keeps the highest completed offset with a CompareAndSwap loop.
type progress struct{ hi atomic.Int64 }

func (p *progress) done(r *kgo.Record) {
	for {
		cur := p.hi.Load()
		if r.Offset <= cur || p.hi.CompareAndSwap(cur, r.Offset) {
			return
		}
	}
}

// A ticker marks the maximum.
func atomicMax(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	var p progress
	t := time.NewTicker(time.Second)
	go func() {
		for range t.C {
			cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{"t": {0: {Epoch: -1, Offset: p.hi.Load() + 1}}}) // want `highest completed offset passed to MarkCommitOffsets: records of a partition finish out of order, so the maximum runs ahead of records still in flight, and franz-go marks are forward-only \(a lower mark cannot undo it\)`
		}
	}()
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go func() {
				process(ctx, r)
				p.done(r)
			}()
		})
	}
}

// The low-water mark kept in line: the smallest offset in flight.
func lowWater(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	var mu sync.Mutex
	pending := map[int64]bool{}
	next := int64(0)
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			mu.Lock()
			pending[r.Offset] = true
			next = r.Offset + 1
			mu.Unlock()
			go func() {
				process(ctx, r)
				mu.Lock()
				delete(pending, r.Offset)
				low := next
				for off := range pending {
					if off < low {
						low = off
					}
				}
				mu.Unlock()
				cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {Epoch: -1, Offset: low}}}) // ok: the minimum of the offsets in flight
			}()
		})
	}
}

// A collector marking completions as they arrive.
func collector(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	done := make(chan *kgo.Record, 64)
	go func() {
		for r := range done {
			cl.MarkCommitRecords(r) // want `completions passed to MarkCommitRecords in arrival order: concurrent processing finishes records of a partition out of order and franz-go marks are forward-only`
		}
	}()
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go func() {
				process(ctx, r)
				done <- r
			}()
		})
	}
}

// Per-partition goroutines report to one collector: each partition's
// completions arrive in order.
func partitionCollector(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	done := make(chan *kgo.Record, 64)
	go func() {
		for r := range done {
			cl.MarkCommitRecords(r) // ok: completions of a partition arrive in order
		}
	}()
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			go func() {
				p.EachRecord(func(r *kgo.Record) {
					process(ctx, r)
					done <- r
				})
			}()
		})
	}
}

// Without AutoCommitMarks the marks do nothing (autocommit reports that).
func marksIgnored(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"))
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go func() {
				process(ctx, r)
				cl.MarkCommitRecords(r) // ok: a no-op without AutoCommitMarks
			}()
		})
	}
}

// Default auto-commit: autocommit's records-outlive-poll fix adds a
// WaitGroup around these goroutines, so this fix removes the go statement
// instead of adding a second one.
func defaultAutoCommit(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"))
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			go func() {
				process(ctx, r)
				if err := cl.CommitRecords(ctx, r); err != nil { // want `CommitRecords from a per-record goroutine`
					log.Printf("commit: %v", err)
				}
			}()
		})
	}
}
