package cases

import (
	"context"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

// retryIndex applies each message of a batch until it succeeds (the
// index does not move on a failure), then commits the batch: a retry,
// not a skip (review 31-2: read as skipped, neither).
func retryIndex(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-retryindex", Topic: "t-retryindex"}) // case: retryindex
	for {
		batch := make([]kafka.Message, 0, 100)
		for len(batch) < 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
		}
		for i := 0; i < len(batch); {
			if err := apply(batch[i].Value); err != nil {
				log.Printf("apply %d: %v, retrying", batch[i].Offset, err)
				time.Sleep(time.Second)
				continue
			}
			i++
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
	}
}

type slimPos struct {
	topic string
	part  int
	off   int64
}

// slimCopy processes a batch in place, keeping each partition's last
// position, and commits copies of them: the loop's own positions of
// records it processed (review 31-2: read as computed positions).
func slimCopy(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-slimcopy", Topic: "t-slimcopy"}) // case: slimcopy
	for {
		last := map[int]slimPos{}
		for range 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			if err := apply(m.Value); err != nil {
				return err
			}
			last[m.Partition] = slimPos{m.Topic, m.Partition, m.Offset}
		}
		var msgs []kafka.Message
		for _, p := range last {
			msgs = append(msgs, kafka.Message{Topic: p.topic, Partition: p.part, Offset: p.off})
		}
		if err := r.CommitMessages(ctx, msgs...); err != nil {
			return err
		}
	}
}

// dropIndex removes a failed record from the batch instead of retrying
// it (the index stays, the slice changes), then commits past it (review
// 31-3: read as a retry).
func dropIndex(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-dropindex", Topic: "t-dropindex"}) // case: dropindex
	for {
		var all []kafka.Message
		for len(all) < 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			all = append(all, m)
		}
		recs := all
		for i := 0; i < len(recs); {
			if err := apply(recs[i].Value); err != nil {
				recs = append(recs[:i:i], recs[i+1:]...)
				continue
			}
			i++
		}
		if err := r.CommitMessages(ctx, all...); err != nil {
			return err
		}
	}
}
