// Package applogger holds ordering cases of calls after a commit that only
// log (audit 36a/D1, D2): the application's own logger package, and a
// field built for a log line by a helper of another package. They are not
// the processing.
package applogger

import (
	"context"
	"database/sql"
	"log/slog"

	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"ordering/applogger/applog"
)

var db *sql.DB

func handle(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", v)
	return err
}

// logged commits each message once handled, then logs with applog.
func logged(ctx context.Context, r *kafka.Reader) {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := handle(ctx, msg.Value); err != nil {
			return
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			applog.Warnf("commit failed offset=%d err=%v", msg.Offset, err)
		} else {
			applog.Debugf("committed offset=%d", msg.Offset)
		}
	}
}

// attr commits each record once handled, then logs it rendered as a
// field.
func attr(ctx context.Context, cl *kgo.Client, logger *slog.Logger) {
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			for handle(ctx, r.Value) != nil {
			}
			if err := cl.CommitRecords(ctx, r); err == nil {
				logger.DebugContext(ctx, "record processed", applog.Record(r.Value))
			}
		})
	}
}

// handledAfter is logged's twin: the commit comes before handle.
func handledAfter(ctx context.Context, r *kafka.Reader) {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := r.CommitMessages(ctx, msg); err != nil { // want `call to CommitMessages before the message is processed`
			applog.Warnf("commit failed offset=%d err=%v", msg.Offset, err)
		}
		if err := handle(ctx, msg.Value); err != nil {
			return
		}
	}
}

// store is the effect; it returns how many rows it wrote.
type store interface {
	Put(ctx context.Context, v []byte) int
}

// countLogged marks before the write whose count it logs (review
// 36-2/D4: a call whose result is only logged is still the effect).
func countLogged(ctx context.Context, r *kafka.Reader, st store) {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := r.CommitMessages(ctx, msg); err != nil { // want `call to CommitMessages before the message is processed`
			applog.Warnf("commit failed offset=%d err=%v", msg.Offset, err)
		}
		n := st.Put(ctx, msg.Value)
		applog.Debugf("wrote %d rows", n)
	}
}
