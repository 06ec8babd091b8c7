package cases

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A goroutine per partition of a poll that logs its batch's failure and
// marks the batch all the same (hunt 43f/D5: at-least-once, 5 of 300
// lost without a crash); its twin sends the failure to the loop, which
// stops on it, and marks only on a success.
func partMarkLogged(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := applyPartition(p.Records); err != nil {
					log.Printf("partition %d: %v", p.Partition, err)
				}
				cl.MarkCommitRecords(p.Records...)
			}()
		})
		wg.Wait()
	}
}

func partMarkKept(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := applyPartition(p.Records); err != nil {
					errs <- err
					return
				}
				cl.MarkCommitRecords(p.Records...)
			}()
		})
		wg.Wait()
		close(errs)
		for err := range errs {
			return err
		}
	}
}

func applyPartition(recs []*kgo.Record) error {
	for _, r := range recs {
		if err := apply(r.Value); err != nil {
			return err
		}
	}
	return nil
}

func runPartMarks(ctx context.Context) {
	a, _ := kgo.NewClient(kgo.ConsumerGroup("g-partmark-logged"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks()) // case: partmarklogged
	b, _ := kgo.NewClient(kgo.ConsumerGroup("g-partmark-kept"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks())   // case: partmarkkept
	go func() { _ = partMarkLogged(ctx, a) }()
	_ = partMarkKept(ctx, b)
}

var _ = runPartMarks
