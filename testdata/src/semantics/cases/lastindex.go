package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	kafkago "github.com/segmentio/kafka-go"
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

// The last record of a poll, processed in order, put in a kadm.Offsets
// with Add and committed through the admin client: one batch commit.
func lastAdded(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-lastadded"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: lastadded
	if err != nil {
		return
	}
	adm := kadm.NewClient(cl)
	for {
		fetches := cl.PollFetches(ctx)
		var last *kgo.Record
		for _, r := range fetches.Records() {
			if err := apply(r); err != nil {
				return
			}
			last = r
		}
		if last == nil {
			continue
		}
		offsets := make(kadm.Offsets)
		offsets.Add(kadm.NewOffsetFromRecord(last))
		if err := adm.CommitAllOffsets(ctx, "g-lastadded", offsets); err != nil {
			return
		}
	}
}

var _ = lastAdded

// The last message of a batch from several partitions committed alone
// a batch commit that writes that message's partition only.
func lastOfMessages(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-lastofbatch", Topic: "t"}) // case: lastofbatch
	for {
		var batch []kafkago.Message
		for range 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			if err := apply(m); err != nil {
				return
			}
			batch = append(batch, m)
		}
		if err := r.CommitMessages(ctx, batch[len(batch)-1]); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

var _ = lastOfMessages
