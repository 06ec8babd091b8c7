package cases

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

type commitEveryKey struct{}

// asyncMaybe sets CommitInterval only when the context carries one:
// CommitMessages then only queues, and a background loop commits.
func asyncMaybe(ctx context.Context, db *sql.DB) {
	cfg := kafka.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-asyncmaybe", Topic: "t-asyncmaybe"}
	if v, ok := ctx.Value(commitEveryKey{}).(time.Duration); ok {
		cfg.CommitInterval = v
	}
	r := kafka.NewReader(cfg) // case: asyncmaybe
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			log.Fatal(err)
		}
		if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Fatal(err)
		}
	}
}

// asyncAlways always sets it from the context.
func asyncAlways(ctx context.Context, db *sql.DB) {
	every, _ := ctx.Value(commitEveryKey{}).(time.Duration)
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-asyncalways", Topic: "t-asyncalways", CommitInterval: every}) // case: asyncalways
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			log.Fatal(err)
		}
		if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Fatal(err)
		}
	}
}

// maybeGroupedRead reads with ReadMessage, which commits each message as
// it is read when the reader is in a group; GroupID is set only when the
// flag is.
func maybeGroupedRead(ctx context.Context, db *sql.DB, group string) {
	cfg := kafka.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, Topic: "t-maybegrouped"}
	if group != "" {
		cfg.GroupID = group
	}
	r := kafka.NewReader(cfg) // case: maybegrouped
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			log.Fatal(err)
		}
		if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
	}
}

// asyncRead reads with ReadMessage from a group reader committing in the
// background: the read queues each message's commit, which the loop
// sends during its processing or after it.
func asyncRead(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-asyncread", Topic: "t-asyncread", CommitInterval: time.Second}) // case: asyncread
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
}
