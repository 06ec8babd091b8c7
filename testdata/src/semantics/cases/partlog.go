package cases

import (
	"context"
	"errors"
	"log"
	"sync"
	"sync/atomic"

	"github.com/twmb/franz-go/pkg/kgo"
)

// partLogged applies each partition's records in a goroutine, each in
// EachRecord's literal, logging a failure; the poll is committed once
// all are done (trial 41e/D19: at-least-once, 3 of 300 lost without a
// crash).
func partLogged(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.EachRecord(func(r *kgo.Record) {
					if err := apply(r.Value); err != nil {
						log.Printf("record %d: %v", r.Offset, err)
					}
				})
			}()
		})
		wg.Wait()
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// partKept is its twin: a failure is kept, and the loop stops on it.
func partKept(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var failed error
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.EachRecord(func(r *kgo.Record) {
					if err := apply(r.Value); err != nil {
						mu.Lock()
						failed = err
						mu.Unlock()
					}
				})
			}()
		})
		wg.Wait()
		if failed != nil {
			return failed
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// partFlagged keeps a failure in an atomic flag the loop stops on
// (review 42-2/D5: said neither).
func partFlagged(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		var failed atomic.Bool
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.EachRecord(func(r *kgo.Record) {
					if err := apply(r.Value); err != nil {
						failed.Store(true)
					}
				})
			}()
		})
		wg.Wait()
		if failed.Load() {
			return errors.New("a record failed")
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runPartLogs(ctx context.Context) {
	a, _ := kgo.NewClient(kgo.ConsumerGroup("g-part-logged"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())  // case: partlogged
	b, _ := kgo.NewClient(kgo.ConsumerGroup("g-part-kept"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())    // case: partkept
	c, _ := kgo.NewClient(kgo.ConsumerGroup("g-part-flagged"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: partflagged
	go func() { _ = partFlagged(ctx, c) }()
	go func() { _ = partLogged(ctx, a) }()
	_ = partKept(ctx, b)
}

var _ = runPartLogs
