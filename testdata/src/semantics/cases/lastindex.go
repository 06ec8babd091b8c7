package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Each partition's records of a poll are processed, the last one
// processed remembered by its index and committed once: one commit per
// partition batch.
func lastIndex(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-lastindex"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: lastindex
	if err != nil {
		return
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			last := -1
			for i, r := range p.Records {
				if err := apply(r); err != nil {
					return
				}
				last = i
			}
			if last >= 0 {
				if err := cl.CommitRecords(ctx, p.Records[last]); err != nil {
					log.Printf("commit: %v", err)
				}
			}
		})
	}
}

var _ = lastIndex
