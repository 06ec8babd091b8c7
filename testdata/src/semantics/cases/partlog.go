package cases

import (
	"context"
	"log"
	"sync"

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

func runPartLogs(ctx context.Context) {
	a, _ := kgo.NewClient(kgo.ConsumerGroup("g-part-logged"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: partlogged
	b, _ := kgo.NewClient(kgo.ConsumerGroup("g-part-kept"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())   // case: partkept
	go func() { _ = partLogged(ctx, a) }()
	_ = partKept(ctx, b)
}

var _ = runPartLogs
