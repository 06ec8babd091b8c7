// Command readfatal records page views from the "page-views" topic in
// PostgreSQL, using a kafka-go Reader in a consumer group. Like many small
// services it does everything in main and treats every error as fatal:
// log.Fatal, not return.
//
// BUG (autocommit read-commits-first). On a Reader with a GroupID,
// ReadMessage fetches the message and commits its offset + 1
// (synchronously, CommitInterval is 0) before returning it, so each page
// view is committed before its INSERT runs. log.Fatal never returns, so the
// error check leaves the loop just as a return would: past it the loop
// always holds a committed message. A crash or a kill before the INSERT, or
// the log.Fatal after a failed INSERT, loses that message (at-most-once).
// Use FetchMessage, insert, then CommitMessages (kafkago/fetchcommit).
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log"
	"os"
	"os/signal"
	"syscall"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/segmentio/kafka-go"
)

type pageView struct {
	ViewID string `json:"view_id"`
	Path   string `json:"path"`
	UserID string `json:"user_id"`
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatalf("open db: %v", err)
	}
	defer db.Close()

	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:  demo.Brokers(),
		GroupID:  "page-view-recorder",
		Topic:    "page-views",
		MinBytes: 1,
		MaxBytes: 10e6,
	})
	defer r.Close()

	for {
		msg, err := r.ReadMessage(ctx) // finding: autocommit read-commits-first
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return
			}
			log.Fatalf("read message: %v", err)
		}
		var v pageView
		if err := json.Unmarshal(msg.Value, &v); err != nil {
			log.Fatalf("decode %s/%d@%d: %v", msg.Topic, msg.Partition, msg.Offset, err)
		}
		if _, err := db.ExecContext(ctx,
			`INSERT INTO page_views (view_id, path, user_id, seen_at) VALUES ($1, $2, $3, now())
			 ON CONFLICT (view_id) DO NOTHING`, v.ViewID, v.Path, v.UserID); err != nil {
			log.Fatalf("insert page view: %v", err)
		}
	}
}
