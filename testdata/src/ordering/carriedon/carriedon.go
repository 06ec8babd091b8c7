// Package carriedon holds ordering cases where the processing's failure
// is logged and carried on from, and more statements follow the check,
// or the check is part of an else-if chain: the moved commit goes on the
// success path (a continue, or a return in a function without results,
// in each failure branch), so a failed record is not committed.
package carriedon

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"sync/atomic"

	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

var ok atomic.Int64

type order struct {
	ID string `json:"id"`
}

func insert(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO orders (body) VALUES ($1)", b)
	return err
}

func record(ctx context.Context, o order) error {
	_, err := db.ExecContext(ctx, "INSERT INTO ledger (id) VALUES ($1)", o.ID)
	return err
}

// trailing commits each record before inserting it, and counts it after.
func trailing(ctx context.Context, cl *kgo.Client) {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords before the record is processed`
				slog.Error("commit", "err", err)
				continue
			}
			if err := insert(ctx, r.Value); err != nil {
				slog.Error("insert", "err", err)
			}
			ok.Add(1)
			slog.Debug("done", "offset", r.Offset)
		}
	}
}

// eachRecord does the same in the function EachRecord runs.
func eachRecord(ctx context.Context, cl *kgo.Client) {
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords before the record is processed`
				slog.Error("commit", "err", err)
				return
			}
			if err := insert(ctx, r.Value); err != nil {
				slog.Error("insert", "err", err)
			}
			ok.Add(1)
		})
	}
}

// chain commits each message before an if/else-if chain handling it.
func chain(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			return err
		}
		var o order
		if err := json.Unmarshal(m.Value, &o); err != nil {
			slog.Warn("bad json", "err", err)
		} else if err := record(ctx, o); err != nil {
			slog.Error("record", "err", err)
		} else {
			slog.Info("recorded", "id", o.ID)
		}
	}
}

// chainAfter commits on the chain's success path already.
func chainAfter(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var o order
		if err := json.Unmarshal(m.Value, &o); err != nil {
			slog.Warn("bad json", "err", err)
			continue
		} else if err := record(ctx, o); err != nil {
			slog.Error("record", "err", err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: after the processing, failures skipped
			return err
		}
	}
}

// trailingAfter commits each inserted record, then counts it.
func trailingAfter(ctx context.Context, cl *kgo.Client) {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := insert(ctx, r.Value); err != nil {
				slog.Error("insert", "err", err)
				continue
			}
			if err := cl.CommitRecords(ctx, r); err != nil { // ok: after the processing
				slog.Error("commit", "err", err)
			}
			ok.Add(1)
		}
	}
}
