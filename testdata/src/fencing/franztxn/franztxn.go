// Package franztxn: franz-go GroupTransactSession loops whose End result
// is discarded, only logged or whose committed result is ignored, beside
// the loops that handle both.
package franztxn

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

type ledger struct{ done map[int64]bool }

// markDone is an effect outside Kafka that must follow a committed
// transaction only.
func (l *ledger) markDone(fs kgo.Fetches) error {
	for _, r := range fs.Records() {
		l.done[r.Offset] = true
	}
	return nil
}

func session() (*kgo.GroupTransactSession, error) {
	return kgo.NewGroupTransactSession(kgo.ConsumerGroup("ledger"), kgo.TransactionalID("ledger-tx"))
}

// endDiscarded ignores both of End's results.
func endDiscarded(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		fs := sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return err
		}
		sess.End(ctx, kgo.TryCommit) // want `the error of End is discarded while the loop carries on: errors of End are not retryable`
		if err := l.markDone(fs); err != nil {
			return err
		}
	}
}

// committedIgnored checks End's error but not whether it committed.
func committedIgnored(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		fs := sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return err
		}
		_, err := sess.End(ctx, kgo.TryCommit) // want `the committed result of End is ignored: when a rebalance aborted the transaction, End returns \(false, nil\)`
		if err != nil {
			return fmt.Errorf("end: %w", err)
		}
		if err := l.markDone(fs); err != nil {
			return err
		}
	}
}

// committedIgnoredInit checks End's error in an if statement.
func committedIgnoredInit(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		fs := sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return err
		}
		if _, err := sess.End(ctx, kgo.TryCommit); err != nil { // want `the committed result of End is ignored`
			return err
		}
		l.markDone(fs)
	}
}

// endLogged only logs End's error and polls on.
func endLogged(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		fs := sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return err
		}
		committed, err := sess.End(ctx, kgo.TryCommit) // want `the error of End is only logged while the loop carries on: errors of End are not retryable \(the transactional session is fenced or failed\), so the loop keeps polling while every End fails`
		if err != nil {
			log.Printf("end transaction: %v", err)
			continue
		}
		if !committed {
			continue
		}
		if err := l.markDone(fs); err != nil {
			return err
		}
	}
}

// fencedIgnored returns End's errors except a fenced producer, which it
// treats as a blip.
func fencedIgnored(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		fs := sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return err
		}
		committed, err := sess.End(ctx, kgo.TryCommit)
		if err != nil {
			if errors.Is(err, kerr.ProducerFenced) { // want `the fencing error ProducerFenced from End is recognised and ignored, and the loop carries on`
				log.Printf("fenced, retrying: %v", err)
				continue
			}
			return err
		}
		if committed {
			l.markDone(fs)
		}
	}
}

// handled is the correct loop: the error is returned and the effect runs
// only when the transaction committed.
func handled(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		fs := sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return err
		}
		committed, err := sess.End(ctx, kgo.TryCommit) // ok: error returned, committed checked
		if err != nil {
			return fmt.Errorf("end transaction: %w", err)
		}
		if !committed {
			continue // ok: aborted by a rebalance; the batch is polled again
		}
		if err := l.markDone(fs); err != nil {
			return err
		}
	}
}

// lastInLoop ignores committed, but nothing after End treats the batch as
// done: an aborted batch is simply polled again.
func lastInLoop(ctx context.Context) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return err
		}
		if _, err := sess.End(ctx, kgo.TryCommit); err != nil { // ok: nothing follows End in the loop
			return err
		}
		log.Printf("batch ended")
	}
}

// cancelled stops the loop's context on a failed End.
func cancelled(ctx context.Context, l *ledger) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sess, err := session()
	if err != nil {
		return
	}
	defer sess.Close()
	for ctx.Err() == nil {
		fs := sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return
		}
		committed, err := sess.End(ctx, kgo.TryCommit)
		if err != nil {
			log.Printf("end: %v", err)
			cancel() // ok: the loop's context is cancelled
		}
		if committed {
			l.markDone(fs)
		}
	}
}

// rebalanceOnCommit tolerates a rebalance error from a plain commit: the
// client rejoins by itself and the partition's next owner replays the
// batch, which returning would not change.
func rebalanceOnCommit(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		recs := fs.Records()
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			if errors.Is(err, kerr.RebalanceInProgress) || errors.Is(err, kerr.IllegalGeneration) {
				continue // ok: a plain commit rejected by a rebalance only replays
			}
			return err
		}
	}
}

// retried retries End in a loop of its own and returns the last error.
func retried(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		fs := sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return err
		}
		var committed bool
		for i := 0; i < 3; i++ {
			committed, err = sess.End(ctx, kgo.TryCommit)
			if err != nil {
				log.Printf("end, attempt %d: %v", i, err)
				continue // ok: a retry loop, whose last error is returned below
			}
			break
		}
		if err != nil {
			return err
		}
		if committed {
			l.markDone(fs)
		}
	}
}

// aborts ends a failed batch with TryAbort: End never commits then.
func aborts(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		fs := sess.PollFetches(ctx)
		if err := sess.Begin(); err != nil {
			return err
		}
		if fs.Err() != nil {
			if _, err := sess.End(ctx, kgo.TryAbort); err != nil { // ok: TryAbort never commits
				return err
			}
			l.done = map[int64]bool{}
			continue
		}
		committed, err := sess.End(ctx, kgo.TryCommit)
		if err != nil {
			return err
		}
		if committed {
			l.markDone(fs)
		}
	}
}

// txnClient is a plain transactional group client (no session).
func txnClient() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("ledger"), kgo.TransactionalID("ledger-tx"))
}

// endTransactionLogged only logs a failed EndTransaction and polls again.
func endTransactionLogged(ctx context.Context, l *ledger) error {
	cl, err := txnClient()
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if err := cl.BeginTransaction(); err != nil {
			return err
		}
		if err := l.markDone(fs); err != nil {
			return err
		}
		if err := cl.EndTransaction(ctx, kgo.TryCommit); err != nil { // want `the error of EndTransaction is only logged while the loop carries on: the consumer has already moved past the batch`
			log.Printf("end transaction: %v", err)
			continue
		}
	}
}

// endTransactionReturned returns EndTransaction's error, and ignores the
// error of an abort, which commits nothing.
func endTransactionReturned(ctx context.Context, l *ledger) error {
	cl, err := txnClient()
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if err := cl.BeginTransaction(); err != nil {
			return err
		}
		if fs.Err() != nil { // want `when fs.Err\(\) reports an error, the loop polls again without processing the records this poll also holds`
			_ = cl.EndTransaction(ctx, kgo.TryAbort) // ok: an abort commits nothing
			continue
		}
		if err := l.markDone(fs); err != nil {
			return err
		}
		if err := cl.EndTransaction(ctx, kgo.TryCommit); err != nil { // ok: returned
			return err
		}
	}
}
