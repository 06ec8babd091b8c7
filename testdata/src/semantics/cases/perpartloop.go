package cases

import (
	"context"
	"os"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

// A goroutine per partition's records, not waited for, and the poll loop
// commits what it polled: the commit passes records still being written
// (trial 33b/8, apm-queue's shape). The twin waits for them first.
func perPartitionLoop(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-perpartloop"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: perpartloop
	for {
		fs := cl.PollFetches(ctx)
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			go writePartition(p)
		})
		_ = cl.CommitUncommittedOffsets(ctx)
	}
}

func perPartitionJoined(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-perpartjoined"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: perpartjoined
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				writePartition(p)
			}()
		})
		wg.Wait()
		_ = cl.CommitUncommittedOffsets(ctx)
	}
}

func writePartition(p kgo.FetchTopicPartition) {
	for _, r := range p.Records {
		for os.WriteFile(string(r.Key), r.Value, 0o644) != nil {
		}
	}
}

// Each partition's records go to an errgroup of its own (SetLimit(1)),
// kept in a map by a method the loop calls: the commit after that call
// still passes records its goroutines are writing (trial 33b/8, the code
// the move fix made of apm-queue's).
type partGroup struct{ g errgroup.Group }

type partGroups struct{ groups map[int32]*partGroup }

func (pg *partGroups) process(fs kgo.Fetches) {
	fs.EachPartition(func(p kgo.FetchTopicPartition) {
		if x, ok := pg.groups[p.Partition]; ok {
			x.consume(p)
		}
	})
}

func (x *partGroup) consume(p kgo.FetchTopicPartition) {
	x.g.Go(func() error {
		writePartition(p)
		return nil
	})
}

func perPartitionGroups(ctx context.Context, pg *partGroups) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-perpartgroups"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: perpartgroups
	for {
		fs := cl.PollFetches(ctx)
		pg.process(fs)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

// Each poll's partition goroutine commits its own records, and the loop
// polls again at once: the next poll's goroutine for the same partition
// may commit past records this one is still writing (audit 34c/D4). The
// twin waits for them before polling again.
func perPartitionSelf(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-perpartself"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: perpartself
	for {
		fs := cl.PollFetches(ctx)
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			go func() {
				writePartition(p)
				_ = cl.CommitRecords(ctx, p.Records...)
			}()
		})
	}
}

func perPartitionSelfJoined(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-perpartselfjoined"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: perpartselfjoined
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				writePartition(p)
				_ = cl.CommitRecords(ctx, p.Records...)
			}()
		})
		wg.Wait()
	}
}

// The goroutines of a poll each signal done, received once for each
// before the next poll: joined (review 34-1/S2).
func perPartitionSignalled(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-perpartdone"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: perpartdone
	for {
		fs := cl.PollFetches(ctx)
		done := make(chan struct{})
		n := 0
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			n++
			go func() {
				defer func() { done <- struct{}{} }()
				writePartition(p)
				_ = cl.CommitRecords(ctx, p.Records...)
			}()
		})
		for range n {
			<-done
		}
	}
}

// The loop of perPartitionSelf also checks its context without waiting
// on it: no join (review 34-2/D2).
func perPartitionSelfChecked(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-perpartchecked"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: perpartchecked
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		fs := cl.PollFetches(ctx)
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			go func() {
				writePartition(p)
				_ = cl.CommitRecords(ctx, p.Records...)
			}()
		})
	}
}
