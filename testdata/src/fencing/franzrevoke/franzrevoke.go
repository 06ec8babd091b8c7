// Package franzrevoke: franz-go OnPartitionsRevoked callbacks that drop
// the default commit on revoke, or commit records still in progress,
// beside the callbacks that commit right.
package franzrevoke

import (
	"context"
	"log"

	"fencing/helper"

	"github.com/twmb/franz-go/pkg/kgo"
)

func process(r *kgo.Record) {}

// logOnly replaces the default revoke with one that only logs.
func logOnly(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) { // want `this OnPartitionsRevoked callback commits nothing, and it replaces franz-go's default revoke, which commits the processed polls while auto-commit is on: every rebalance and deploy makes the partitions' next owner replay up to 5s of records`
			log.Printf("revoked %v", revoked)
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
	}
}

type metrics struct{ revokes int }

func (m *metrics) onRevoked(_ context.Context, _ *kgo.Client, _ map[string][]int32) {
	m.revokes++
}

// marks uses AutoCommitMarks: the fix commits the marks.
func marks(ctx context.Context, m *metrics) error {
	opts := []kgo.Opt{
		kgo.ConsumerGroup("views"),
		kgo.AutoCommitMarks(),
		kgo.OnPartitionsRevoked(m.onRevoked), // want `this OnPartitionsRevoked callback commits nothing, and it replaces franz-go's default revoke, which commits the marked records while auto-commit is on`
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(func(r *kgo.Record) {
			process(r)
			cl.MarkCommitRecords(r)
		})
	}
}

// unblocked commits everything polled from the callback while the loop may
// still be processing the poll.
func unblocked(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll: the callback can run while the poll loop is still processing`
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// blocked is the correct shape: rebalances wait for AllowRebalance, so
// the callback commits only processed polls.
func blocked(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) { // ok: commits, rebalances blocked while processing
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		cl.AllowRebalance()
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// manual turns auto-commit off: the default revoke commits nothing either,
// so a callback without a commit replaces nothing.
func manual(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(context.Context, *kgo.Client, map[string][]int32) {}), // ok: auto-commit off
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(process)
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

// txn registers the callback on a transactional session, which aborts the
// transaction on revoke.
func txn(ctx context.Context) error {
	sess, err := kgo.NewGroupTransactSession(
		kgo.ConsumerGroup("views"),
		kgo.TransactionalID("views-tx"),
		kgo.OnPartitionsRevoked(func(context.Context, *kgo.Client, map[string][]int32) {}), // ok: a transactional session aborts on revoke
	)
	if err != nil {
		return err
	}
	defer sess.Close()
	return nil
}

// lost registers only OnPartitionsLost, whose default does nothing.
func lost(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.OnPartitionsLost(func(context.Context, *kgo.Client, map[string][]int32) {}), // ok: the lost hook replaces no commit
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
	}
}

// opaqueCallback takes the callback from the caller.
func opaqueCallback(ctx context.Context, onRevoked func(context.Context, *kgo.Client, map[string][]int32)) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("views"), kgo.OnPartitionsRevoked(onRevoked)) // ok: the callback is not visible
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
	}
}

// viaHelper commits through a helper of another package.
func viaHelper(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) { // ok: helper.Flush is given the client and may commit
			if err := helper.Flush(ctx, cl); err != nil {
				log.Printf("flush: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		cl.AllowRebalance()
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
	}
}

func onRevokedLog(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
	log.Printf("revoked %v", revoked)
}

// newViews installs a revoke callback that commits nothing; run polls the
// client it returns.
func newViews() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.OnPartitionsRevoked(onRevokedLog), // want `this OnPartitionsRevoked callback commits nothing`
	)
}

func run(ctx context.Context, cl *kgo.Client) {
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachRecord(process)
	}
}

func serveViews(ctx context.Context) error {
	cl, err := newViews()
	if err != nil {
		return err
	}
	defer cl.Close()
	run(ctx, cl)
	return nil
}

func onRevokedCommit(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	if err := cl.CommitUncommittedOffsets(ctx); err != nil {
		log.Printf("commit on revoke: %v", err)
	}
}

// newBlocked installs a committing callback with rebalances blocked while
// runBlocked processes a poll.
func newBlocked() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(onRevokedCommit), // ok: commits, rebalances blocked while processing
	)
}

func runBlocked(ctx context.Context, cl *kgo.Client) {
	for {
		cl.AllowRebalance()
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachRecord(process)
	}
}

func serveBlocked(ctx context.Context) error {
	cl, err := newBlocked()
	if err != nil {
		return err
	}
	defer cl.Close()
	runBlocked(ctx, cl)
	return nil
}

func onRevokedInFlight(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
		log.Printf("commit on revoke: %v", err)
	}
}

// newInFlight installs a committing callback without blocking
// rebalances: runInFlight may still be processing the poll it commits.
func newInFlight() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(onRevokedInFlight),
	)
}

func runInFlight(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func serveInFlight(ctx context.Context) error {
	cl, err := newInFlight()
	if err != nil {
		return err
	}
	defer cl.Close()
	return runInFlight(ctx, cl)
}

// fetchBatch polls once for the loop in runHelper.
func fetchBatch(ctx context.Context, cl *kgo.Client) []*kgo.Record {
	fs := cl.PollFetches(ctx)
	return fs.Records()
}

// newHelperPolled installs a revoke callback that commits nothing; its
// client is polled through fetchBatch (the fix allows rebalances right
// before that poll).
func newHelperPolled() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.OnPartitionsRevoked(onRevokedCount), // want `this OnPartitionsRevoked callback commits nothing`
	)
}

var revocations int

func onRevokedCount(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	revocations++
}

func runHelper(ctx context.Context) error {
	cl, err := newHelperPolled()
	if err != nil {
		return err
	}
	defer cl.Close()
	for ctx.Err() == nil {
		for _, r := range fetchBatch(ctx, cl) {
			process(r)
		}
	}
	return nil
}
