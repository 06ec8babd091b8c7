// Package errlog holds ordering cases where a commit's error is logged
// through a helper of another package: the error is not the record, so
// the helper's call is not processing that the commit precedes.
package errlog

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	kafkago "github.com/segmentio/kafka-go"

	"ordering/errlog/logx"
)

var db *sql.DB

// failures counts failed commits by kind.
var failures = map[string]int{}

func report(n int, last kafkago.Message, err error) {
	slog.Info("batch", "n", n, "last", last.Offset, "err", err)
}

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO views (body) VALUES ($1)", b)
	return err
}

// commitAfter saves, commits, and logs a failed commit with the helper.
func commitAfter(ctx context.Context, r *kafkago.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := save(ctx, m.Value); err != nil {
			slog.Warn("save failed", logx.Err(err))
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: the logged error is the commit's, not the message
			slog.Warn("commit failed", logx.Err(err))
		}
	}
}

// commitFirst commits, logs a failed commit with the helper, then saves.
func commitFirst(ctx context.Context, r *kafkago.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			slog.Warn("commit failed", logx.Err(err))
		}
		if err := save(ctx, m.Value); err != nil {
			slog.Warn("save failed", logx.Err(err))
		}
	}
}

// batch saves a batch and commits its last message. The deferred report
// reads the named error, which a failed save's wrapped error and the
// commit both write: the commit's error, counted with the helper, is
// not the message (once reported as processing it).
func batch(ctx context.Context, r *kafkago.Reader) (n int, err error) {
	var last kafkago.Message
	defer func() { report(n, last, err) }()
	for ; n < 100; n++ {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			break
		}
		if err := save(ctx, m.Value); err != nil {
			return n, fmt.Errorf("save at offset %d: %w", m.Offset, err)
		}
		last = m
	}
	if n == 0 {
		return n, nil
	}
	if err = r.CommitMessages(ctx, last); err != nil { // ok: the counted error is the commit's
		failures[logx.Code(err)]++
	}
	return n, err
}

// batchCommitFirst commits each message before saving it, with the same
// deferred report of the named error.
func batchCommitFirst(ctx context.Context, r *kafkago.Reader) (n int, err error) {
	defer func() { report(n, kafkago.Message{}, err) }()
	for ; n < 100; n++ {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			break
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			failures[logx.Code(err)]++
		}
		if err := save(ctx, m.Value); err != nil {
			return n, fmt.Errorf("save at offset %d: %w", m.Offset, err)
		}
	}
	return n, nil
}
