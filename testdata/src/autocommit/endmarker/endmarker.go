// Package endmarker holds autocommit cases of a group reader's
// ReadMessage in a job that stops on an end-of-batch marker: the read
// committed the marker, so the fix commits it on the marker's exit too,
// or every later run would stop on it first. A shutdown's exit, which
// does not handle the message, gets no commit.
package endmarker

import (
	"context"
	"database/sql"
	"fmt"

	kafkago "github.com/segmentio/kafka-go"
)

var db *sql.DB

func importRows(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return nil
		}
		if string(m.Key) == "EOF" {
			return nil
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO rows (v) VALUES ($1)", m.Value); err != nil {
			return fmt.Errorf("insert at %d: %w", m.Offset, err)
		}
	}
}

// importFetched commits the marker on its exit and each row after it.
func importFetched(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx) // ok: committed after it is handled
		if err != nil {
			return err
		}
		if string(m.Key) == "EOF" {
			return r.CommitMessages(ctx, m)
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO rows (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func main() {
	ctx := context.Background()
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "nightly", Topic: "rows"})
	defer r.Close()
	_ = importRows(ctx, r)
	_ = importFetched(ctx, r)
}
