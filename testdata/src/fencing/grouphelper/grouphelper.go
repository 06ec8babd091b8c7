// Package grouphelper: the batch comes from a helper of the package that
// polls and returns the records (a service's fetchBatch). The loop over it
// ignores a group fencing error of a commit; a loop that calls the helper
// is a consume loop, where a failed transaction only logged loses output.
package grouphelper

import (
	"context"
	"errors"
	"log"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

func index(r *kgo.Record) error { return nil }

// fetchBatch polls once and returns the poll's records.
func fetchBatch(ctx context.Context, cl *kgo.Client) ([]*kgo.Record, error) {
	fs := cl.PollFetches(ctx)
	return fs.Records(), fs.Err()
}

// skipping commits each record of the batch and skips rebalance errors.
func skipping(ctx context.Context, cl *kgo.Client) error {
	for {
		recs, err := fetchBatch(ctx, cl)
		if err != nil {
			return err
		}
		for _, r := range recs {
			if err := index(r); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.RebalanceInProgress) { // want `the group fencing error RebalanceInProgress from CommitRecords is recognised and ignored`
					log.Printf("commit during rebalance, skipping: %v", err)
					continue
				}
				return err
			}
		}
	}
}

// abandoning leaves the batch at the first rebalance error and polls again.
func abandoning(ctx context.Context, cl *kgo.Client) error {
	for {
		recs, err := fetchBatch(ctx, cl)
		if err != nil {
			return err
		}
		for _, r := range recs {
			if err := index(r); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.RebalanceInProgress) {
					log.Printf("commit rejected after a rebalance, abandoning the batch: %v", err)
					break // ok: back to the poll
				}
				return err
			}
		}
	}
}

// given commits records a caller fetched: the batch is as much the old
// generation's as one fetched here.
func given(ctx context.Context, cl *kgo.Client, recs []*kgo.Record) error {
	for _, r := range recs {
		if err := cl.CommitRecords(ctx, r); err != nil {
			if errors.Is(err, kerr.RebalanceInProgress) { // want `the group fencing error RebalanceInProgress from CommitRecords is recognised and ignored`
				continue
			}
			return err
		}
	}
	return nil
}

// transact processes each polled batch in a transaction, polling through
// the helper, and only logs a failed EndTransaction.
func transact(ctx context.Context, cl *kgo.Client) error {
	for {
		recs, err := fetchBatch(ctx, cl)
		if err != nil {
			return err
		}
		if err := cl.BeginTransaction(); err != nil {
			return err
		}
		for _, r := range recs {
			if err := index(r); err != nil {
				return err
			}
		}
		if err := cl.EndTransaction(ctx, kgo.TryCommit); err != nil { // want `the error of EndTransaction is only logged while the loop carries on: the consumer has already moved past the batch`
			log.Printf("end transaction: %v", err)
			continue
		}
	}
}

// retried retries a transaction of records it is given: no poll in the
// loop, a retry loop, not a consume loop.
func retried(ctx context.Context, cl *kgo.Client, recs []*kgo.Record) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := cl.BeginTransaction(); err != nil {
			return err
		}
		for _, r := range recs {
			if err := index(r); err != nil {
				return err
			}
		}
		if err := cl.EndTransaction(ctx, kgo.TryCommit); err != nil {
			log.Printf("end transaction, retrying: %v", err) // ok: a retry loop
			continue
		}
		return nil
	}
	return errors.New("transaction failed three times")
}

// run builds the client the functions above are given, with an eager
// balancer (a rebalance fetches every partition again from the committed
// offsets: a batch abandoned is fetched again).
func run(ctx context.Context, recs []*kgo.Record) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("search"), kgo.DisableAutoCommit(), kgo.Balancers(kgo.StickyBalancer()))
	if err != nil {
		return err
	}
	defer cl.Close()
	return errors.Join(skipping(ctx, cl), abandoning(ctx, cl), given(ctx, cl, recs), transact(ctx, cl), retried(ctx, cl, recs))
}
