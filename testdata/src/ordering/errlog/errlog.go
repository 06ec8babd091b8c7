// Package errlog holds ordering cases where a commit's error is logged
// through a helper of another package: the error is not the record, so
// the helper's call is not processing that the commit precedes.
package errlog

import (
	"context"
	"database/sql"
	"log/slog"

	kafkago "github.com/segmentio/kafka-go"

	"ordering/errlog/logx"
)

var db *sql.DB

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
