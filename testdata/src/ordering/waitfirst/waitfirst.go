// Package waitfirst commits a franz-go poll before the Wait of the
// goroutines processing its partitions, which the code already makes
// right after. The fix moves the commit after the Wait: the partitions
// keep running concurrently (audit 28d/6: dropping the go keyword made
// them run one at a time, and left the WaitGroup waiting for nothing).
package waitfirst

import (
	"context"
	"database/sql"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

type indexer struct {
	cl *kgo.Client
	db *sql.DB
}

func (s *indexer) process(ctx context.Context, r *kgo.Record) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO docs (k, v) VALUES ($1, $2)", r.Key, r.Value)
	return err
}

func (s *indexer) run(ctx context.Context) error {
	for {
		fetches := s.cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return ctx.Err()
		}
		var wg sync.WaitGroup
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, r := range p.Records {
					if err := s.process(ctx, r); err != nil {
						log.Printf("index %s/%d@%d: %v", r.Topic, r.Partition, r.Offset, err)
						return
					}
				}
			}()
		})
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after the records are handed to goroutines`
			log.Printf("commit: %v", err)
		}
		wg.Wait()
	}
}

// runCounted receives what the goroutines send before its Wait: the
// commit moves after the Wait, which stays after the receives (moved
// above them, the Wait deadlocked: review 28-4).
func (s *indexer) runCounted(ctx context.Context) error {
	for {
		fetches := s.cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return ctx.Err()
		}
		var wg sync.WaitGroup
		counts := make(chan int)
		n := 0
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			n++
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := 0
				for _, r := range p.Records {
					if err := s.process(ctx, r); err == nil {
						c++
					}
				}
				counts <- c
			}()
		})
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after the records are handed to goroutines`
			log.Printf("commit: %v", err)
		}
		total := 0
		for range n {
			total += <-counts
		}
		wg.Wait()
		log.Printf("indexed %d", total)
	}
}

// runWaited is the twin: the Wait comes first.
func (s *indexer) runWaited(ctx context.Context) error {
	for {
		fetches := s.cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return ctx.Err()
		}
		var wg sync.WaitGroup
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, r := range p.Records {
					if err := s.process(ctx, r); err != nil {
						log.Printf("index %s/%d@%d: %v", r.Topic, r.Partition, r.Offset, err)
						return
					}
				}
			}()
		})
		wg.Wait()
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func start(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-waitfirst"), kgo.ConsumeTopics("docs"), kgo.DisableAutoCommit())
	s := &indexer{cl: cl, db: db}
	_ = s.run(ctx)
	_ = s.runWaited(ctx)
	_ = s.runCounted(ctx)
}

var _ = start
