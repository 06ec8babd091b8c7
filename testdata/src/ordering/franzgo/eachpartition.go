package franzgo

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// committedFirst commits each partition's last record in EachPartition's
// function, then writes the poll's values.
func committedFirst(ctx context.Context, cl *kgo.Client, s sink) {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		var vals [][]byte
		for _, r := range fetches.Records() {
			vals = append(vals, r.Value)
		}
		fetches.EachPartition(func(p kgo.FetchTopicPartition) { // want `call to EachPartition, whose function commits the records \(CommitRecords\), before the records are processed: a crash between them loses the records \(at-most-once\)`
			if len(p.Records) == 0 {
				return
			}
			if err := cl.CommitRecords(ctx, p.Records[len(p.Records)-1]); err != nil {
				log.Printf("commit %s/%d: %v", p.Topic, p.Partition, err)
			}
		})
		if err := s.Write(ctx, vals); err != nil {
			log.Fatal(err)
		}
	}
}

// committedAfter writes the values, then commits each partition's last
// record.
func committedAfter(ctx context.Context, cl *kgo.Client, s sink) {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		var vals [][]byte
		for _, r := range fetches.Records() {
			vals = append(vals, r.Value)
		}
		if err := s.Write(ctx, vals); err != nil {
			log.Fatal(err)
		}
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			if len(p.Records) == 0 {
				return
			}
			if err := cl.CommitRecords(ctx, p.Records[len(p.Records)-1]); err != nil {
				log.Printf("commit %s/%d: %v", p.Topic, p.Partition, err)
			}
		})
	}
}

// perPartition writes each partition's values and commits its last
// record in EachPartition's function: the parent processes nothing after.
func perPartition(ctx context.Context, cl *kgo.Client, s sink) {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			var vals [][]byte
			for _, r := range p.Records {
				vals = append(vals, r.Value)
			}
			if err := s.Write(ctx, vals); err != nil {
				log.Fatal(err)
			}
			if err := cl.CommitRecords(ctx, p.Records...); err != nil {
				log.Printf("commit: %v", err)
			}
		})
	}
}
