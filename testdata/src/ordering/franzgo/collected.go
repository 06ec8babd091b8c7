package franzgo

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

type sink interface {
	Write(ctx context.Context, vals [][]byte) error
}

// collectedAfter gathers each poll's values in EachRecord's callback,
// commits the poll, then writes the values.
func collectedAfter(ctx context.Context, cl *kgo.Client, s sink) {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		var vals [][]byte
		fetches.EachRecord(func(r *kgo.Record) { vals = append(vals, r.Value) })
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want `call to CommitRecords before the records are processed`
			log.Printf("commit: %v", err)
		}
		if err := s.Write(ctx, vals); err != nil {
			log.Fatal(err)
		}
	}
}

// collectedWritten writes the gathered values before committing.
func collectedWritten(ctx context.Context, cl *kgo.Client, s sink) {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		var vals [][]byte
		fetches.EachRecord(func(r *kgo.Record) { vals = append(vals, r.Value) })
		if err := s.Write(ctx, vals); err != nil {
			log.Fatal(err)
		}
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}
