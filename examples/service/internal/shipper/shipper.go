// Package shipper books a shipment for every order event from a franz-go
// client it is given, marking each record once its shipment is booked.
//
// BUG (autocommit marks-ignored, reported in cmd/orders where the client is
// handed over; go vet sees it there through facts). The marks count only
// if the client is built with kgo.AutoCommitMarks(), which cmd/orders does
// not set: MarkCommitRecords does nothing and auto-commit commits every
// polled record. When a booking fails, Run returns with the record
// unmarked so that it is redelivered, but the timer and the commit on
// leaving the group have committed its poll already: the shipment is never
// booked. The fix adds kgo.AutoCommitMarks() to the client's options.
package shipper

import (
	"context"
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/offsetcommit/commitlint/examples/service/internal/store"
)

// Run polls cl until ctx ends or a booking fails.
func Run(ctx context.Context, cl *kgo.Client, st *store.Store) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := st.Save(ctx, r.Value); err != nil {
				return fmt.Errorf("book %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
			}
			cl.MarkCommitRecords(r)
		}
	}
}
