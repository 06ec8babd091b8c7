// Package suppress checks which findings //commitlint:ignore suppresses.
package suppress

import (
	"context"
	"os"

	"github.com/segmentio/kafka-go"
)

func process(m kafka.Message) error {
	_, err := os.Stdout.Write(m.Value)
	return err
}

// suppressed: a directive with a reason on the line above.
func suppressed(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		//commitlint:ignore ordering -- the handler is idempotent and replays from the audit log
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
		if err := process(m); err != nil {
			return err
		}
	}
}

// byCategory: a trailing directive naming the category.
func byCategory(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { //commitlint:ignore commit-before-process -- dropped records are re-sent upstream
			return err
		}
		if err := process(m); err != nil {
			return err
		}
	}
}

// noReason: a directive without a reason suppresses nothing and is reported.
func noReason(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		//commitlint:ignore ordering
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			return err
		}
		if err := process(m); err != nil {
			return err
		}
	}
}

// unused: nothing to suppress here.
func unused(ctx context.Context, r *kafka.Reader) error {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	if err := process(m); err != nil {
		return err
	}
	//commitlint:ignore ordering -- kept from an old version
	return r.CommitMessages(ctx, m)
}

//commitlint:ignore nosuchanalyzer -- typo
var _ = 0
