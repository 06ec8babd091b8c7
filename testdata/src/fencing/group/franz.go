// Package group: group fencing errors (a rebalance, the member removed,
// fenced by a static member or by its member epoch) of plain commits,
// recognised and then ignored inside a loop over a batch already fetched,
// beside the loops that handle them.
package group

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

func index(r *kgo.Record) error { return nil }

// kicks counts commits rejected because the member was removed.
var kicks int

// perRecord commits each record of the poll and skips rebalance errors.
func perRecord(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := index(r); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.RebalanceInProgress) || errors.Is(err, kerr.IllegalGeneration) { // want `the group fencing error RebalanceInProgress from CommitRecords is recognised and ignored, and the loop moves on to the next record of the same batch: franz-go rejoins the group in the background, so the consumer keeps processing partitions it may no longer own`
					log.Printf("commit during rebalance, skipping: %v", err)
					continue
				}
				return err
			}
		}
	}
}

// perRecordReturned is perRecord returning the error.
func perRecordReturned(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := index(r); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.RebalanceInProgress) || errors.Is(err, kerr.IllegalGeneration) {
					return fmt.Errorf("commit during rebalance: %w", err) // ok: returned
				}
				return err
			}
		}
	}
}

// counted counts unknown-member errors and falls through to the next
// record: the fix breaks out of the batch, back to the poll, without
// stopping the poll loop.
func counted(ctx context.Context, cl *kgo.Client, batch []*kgo.Record) {
	for {
		cl.PollFetches(ctx)
		for _, r := range batch {
			_ = index(r)
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.UnknownMemberID) { // want `the group fencing error UnknownMemberID from CommitRecords is recognised and ignored`
					kicks++
				} else {
					log.Printf("commit: %v", err)
					return
				}
			}
		}
	}
}

// emptyBranch recognises a rebalance error and does nothing about it: the
// fix breaks out of the batch from the empty branch.
func emptyBranch(ctx context.Context, cl *kgo.Client, batch []*kgo.Record) error {
	for _, r := range batch {
		_ = index(r)
		if err := cl.CommitRecords(ctx, r); err != nil {
			if errors.Is(err, kerr.RebalanceInProgress) { // want `the group fencing error RebalanceInProgress from CommitRecords is recognised and ignored`
				// the client rejoins by itself
			} else {
				return err
			}
		}
	}
	return nil
}

// emptyCase ignores an illegal generation in an empty case.
func emptyCase(ctx context.Context, cl *kgo.Client, batch []*kgo.Record) error {
	for _, r := range batch {
		_ = index(r)
		err := cl.CommitRecords(ctx, r)
		switch {
		case err == nil:
		case errors.Is(err, kerr.IllegalGeneration): // want `the group fencing error IllegalGeneration from CommitRecords is recognised and ignored`
		default:
			return err
		}
	}
	return nil
}

// countedThenReturned counts the same error, then returns every error.
func countedThenReturned(ctx context.Context, cl *kgo.Client, batch []*kgo.Record) error {
	for _, r := range batch {
		if err := cl.CommitRecords(ctx, r); err != nil {
			if errors.Is(err, kerr.UnknownMemberID) {
				kicks++ // ok: the error is returned right after
			}
			return fmt.Errorf("commit: %w", err)
		}
	}
	return nil
}

// epochSwitch tests member-epoch errors in a switch.
func epochSwitch(ctx context.Context, cl *kgo.Client, batch []*kgo.Record) error {
	for _, r := range batch {
		err := cl.CommitRecords(ctx, r)
		switch {
		case errors.Is(err, kerr.FencedMemberEpoch), errors.Is(err, kerr.StaleMemberEpoch): // want `the group fencing error FencedMemberEpoch from CommitRecords is recognised and ignored`
			continue
		case err != nil:
			return err
		}
	}
	return nil
}

// epochSwitchCancelled cancels the consume context instead.
func epochSwitchCancelled(ctx context.Context, cancel context.CancelFunc, cl *kgo.Client, batch []*kgo.Record) error {
	for _, r := range batch {
		err := cl.CommitRecords(ctx, r)
		switch {
		case errors.Is(err, kerr.FencedMemberEpoch), errors.Is(err, kerr.StaleMemberEpoch):
			cancel() // ok: the consume context is cancelled
			continue
		case err != nil:
			return err
		}
	}
	return nil
}

// abandoned breaks out of the batch: its work is given up and the next
// poll runs under the new assignment.
func abandoned(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.RebalanceInProgress) {
					break // ok: the rest of the batch is abandoned
				}
				return err
			}
		}
	}
}

// nextPoll continues the poll loop from inside the batch.
func nextPoll(ctx context.Context, cl *kgo.Client) error {
poll:
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.RebalanceInProgress) {
					log.Printf("rebalance: %v", err)
					continue poll // ok: the rest of the batch is abandoned
				}
				return err
			}
		}
	}
}

// pollLoop commits each poll and polls again on a rebalance error: the
// client has rejoined and the next poll only returns owned partitions.
func pollLoop(ctx context.Context, cl *kgo.Client) error {
	for {
		cl.PollFetches(ctx)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			if errors.Is(err, kerr.RebalanceInProgress) {
				continue // ok: the next poll runs under the new assignment
			}
			return err
		}
	}
}

// retried retries a commit and returns the last error.
func retried(ctx context.Context, cl *kgo.Client, batch []*kgo.Record) error {
	for _, r := range batch {
		for attempt := 0; ; attempt++ {
			err := cl.CommitRecords(ctx, r)
			if errors.Is(err, kerr.RebalanceInProgress) && attempt < 3 {
				continue // ok: a retry loop whose last error is returned
			}
			if err != nil {
				return err
			}
			break
		}
	}
	return nil
}

// negated continues on every error but a rebalance, which it returns.
func negated(ctx context.Context, cl *kgo.Client, batch []*kgo.Record) error {
	for _, r := range batch {
		if err := cl.CommitRecords(ctx, r); err != nil {
			if !errors.Is(err, kerr.RebalanceInProgress) {
				log.Printf("commit: %v", err)
				continue // ok: a negated test; the rebalance error is returned
			}
			return err
		}
	}
	return nil
}

// otherError skips timeouts, not fencing errors.
func otherError(ctx context.Context, cl *kgo.Client, batch []*kgo.Record) error {
	for _, r := range batch {
		if err := cl.CommitRecords(ctx, r); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				continue // ok: not a fencing error
			}
			return err
		}
	}
	return nil
}

// blocked holds rebalances until AllowRebalance: the batch's partitions
// stay this member's while it is processed.
func blocked(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("search"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll())
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.RebalanceInProgress) {
					continue // ok: BlockRebalanceOnPoll, the rebalance waits for the batch
				}
				return err
			}
		}
		cl.AllowRebalance()
	}
}

// worker commits what a channel hands it: returning would only stop it.
func worker(ctx context.Context, cl *kgo.Client, recs <-chan *kgo.Record) {
	for r := range recs {
		if err := cl.CommitRecords(ctx, r); err != nil {
			if errors.Is(err, kerr.RebalanceInProgress) {
				continue // ok: a channel, not a fetched batch
			}
			log.Printf("commit: %v", err)
		}
	}
}

// run builds the client the functions above are given, with an eager
// balancer: a rebalance revokes every partition, and the next poll
// fetches them again from the committed offsets, so a batch abandoned
// is fetched again.
func run(ctx context.Context, cancel context.CancelFunc, batch []*kgo.Record, recs <-chan *kgo.Record) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("search"), kgo.DisableAutoCommit(), kgo.Balancers(kgo.RangeBalancer()))
	if err != nil {
		return err
	}
	defer cl.Close()
	counted(ctx, cl, batch)
	worker(ctx, cl, recs)
	return errors.Join(perRecord(ctx, cl), perRecordReturned(ctx, cl), emptyBranch(ctx, cl, batch),
		emptyCase(ctx, cl, batch), countedThenReturned(ctx, cl, batch), epochSwitch(ctx, cl, batch),
		epochSwitchCancelled(ctx, cancel, cl, batch), abandoned(ctx, cl), nextPoll(ctx, cl),
		pollLoop(ctx, cl), retried(ctx, cl, batch), negated(ctx, cl, batch), otherError(ctx, cl, batch))
}

// cooperative skips a rebalance error with franz-go's default balancer,
// cooperative-sticky: the rebalance keeps the partitions the member still
// owns, with their fetch positions past the batch, so abandoning the rest
// of the batch would let the next commits pass records nothing processed;
// carrying on is the client's design.
func cooperative(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("search"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	return skipRebalance(ctx, cl)
}

// chosen names the cooperative balancer, then one of each kind (the group
// runs cooperatively if every member can).
func chosen(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("search"), kgo.DisableAutoCommit(), kgo.Balancers(kgo.CooperativeStickyBalancer()))
	if err != nil {
		return err
	}
	defer cl.Close()
	both, err := kgo.NewClient(kgo.ConsumerGroup("search"), kgo.DisableAutoCommit(), kgo.Balancers(kgo.CooperativeStickyBalancer(), kgo.RangeBalancer()))
	if err != nil {
		return err
	}
	defer both.Close()
	return errors.Join(skipRebalance(ctx, cl), skipRebalance(ctx, both))
}

func skipRebalance(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := index(r); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.RebalanceInProgress) { // ok: a cooperative balancer keeps the batch's partitions going
					log.Printf("commit during rebalance, skipping: %v", err)
					continue
				}
				return err
			}
		}
	}
}
