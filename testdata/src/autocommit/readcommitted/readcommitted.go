// Package readcommitted holds autocommit cases for kafka-go group readers
// that read with ReadMessage (which commits the message before returning
// it) and also commit it themselves after processing: the fix only reads
// with FetchMessage, since a second commit would be one too many.
package readcommitted

import (
	"context"
	"database/sql"
	"log/slog"

	kafkago "github.com/segmentio/kafka-go"
)

var db *sql.DB

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO clicks (body) VALUES ($1)", b)
	return err
}

// both reads with ReadMessage and commits after saving.
func both(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "clicks", Topic: "clicks"})
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
		if err != nil {
			slog.Warn("read failed", "err", err)
			continue
		}
		if err := save(ctx, m.Value); err != nil {
			slog.Warn("save failed", "err", err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			slog.Warn("commit failed", "err", err)
		}
	}
}

// fetched is the same loop done right: FetchMessage, then the commit
// after the save.
func fetched(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "clicks-fetched", Topic: "clicks"})
	for {
		m, err := r.FetchMessage(ctx) // ok: fetched, committed after the save
		if err != nil {
			slog.Warn("fetch failed", "err", err)
			continue
		}
		if err := save(ctx, m.Value); err != nil {
			slog.Warn("save failed", "err", err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			slog.Warn("commit failed", "err", err)
		}
	}
}
