package franztxn

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// committedIgnoredAssign assigns End's error to a variable of the
// function, and checks it but not whether the transaction committed.
func committedIgnoredAssign(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	for {
		fs := sess.PollFetches(ctx)
		if err = sess.Begin(); err != nil {
			return err
		}
		if _, err = sess.End(ctx, kgo.TryCommit); err != nil { // want `the committed result of End is ignored`
			return err
		}
		if err = l.markDone(fs); err != nil {
			return err
		}
	}
}

// committedCheckedAssign is its twin: the ledger is marked only when the
// transaction committed.
func committedCheckedAssign(ctx context.Context, l *ledger) error {
	sess, err := session()
	if err != nil {
		return err
	}
	defer sess.Close()
	var committed bool
	for {
		fs := sess.PollFetches(ctx)
		if err = sess.Begin(); err != nil {
			return err
		}
		if committed, err = sess.End(ctx, kgo.TryCommit); err != nil { // ok: error returned, committed checked
			return err
		}
		if !committed {
			continue
		}
		if err = l.markDone(fs); err != nil {
			return err
		}
	}
}
