package cases

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"
)

// A failure committing the messages before the failed one, then
// returning (precision hunt 46p/D2: lost=0; the row said its failure
// branch commits past the record); the twin's prefix takes the failed
// message too (3 of 300 lost).
func runPrefixBefore(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-prefix-before", Topic: "t"}) // case: prefixbefore
	for {
		var batch []kafkago.Message
		for len(batch) < 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
		}
		for i, m := range batch {
			if err := applyIn(ctx, m.Value); err != nil {
				if i > 0 {
					if cerr := r.CommitMessages(ctx, batch[:i]...); cerr != nil {
						return cerr
					}
				}
				return err
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
	}
}

func runPrefixThrough(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-prefix-through", Topic: "t"}) // case: prefixthrough
	for {
		var batch []kafkago.Message
		for len(batch) < 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
		}
		for i, m := range batch {
			if err := applyIn(ctx, m.Value); err != nil {
				if cerr := r.CommitMessages(ctx, batch[:i+1]...); cerr != nil {
					return cerr
				}
				return err
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
	}
}
