package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// bucketed keeps records in batches per first byte of their key and
// marks a batch once it is written: the mark passes the records of its
// partition other batches still hold.
func bucketed(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-buckets"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks()) // case: buckets
	if err != nil {
		return
	}
	buckets := map[string][]*kgo.Record{}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			key := string(r.Key[:1]) // a bucket per first byte of the key
			buckets[key] = append(buckets[key], r)
			if len(buckets[key]) < 100 {
				continue
			}
			for _, b := range buckets[key] {
				if err := apply(b); err != nil {
					log.Fatal(err)
				}
			}
			cl.MarkCommitRecords(buckets[key]...)
			delete(buckets, key)
		}
	}
}

var _ = bucketed
