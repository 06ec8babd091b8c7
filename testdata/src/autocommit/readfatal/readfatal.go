// Package readfatal: a group reader's ReadMessage followed by an error check
// that exits instead of returning (log.Fatal, a helper that always exits,
// here or in another package, a logger type's Fatalf) is read-commits-first
// just as with return; so is one that carries on (a helper that only
// sometimes exits, a log), whose fix continues after a failed read.
package readfatal

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log"
	"os"

	"github.com/segmentio/kafka-go"

	"autocommit/readfatal/failure"
)

func newReader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "audit", Topic: "events"})
}

func insert(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events(body) VALUES ($1)", m.Value)
	return err
}

// withFatal stops the process on a read error.
func withFatal(ctx context.Context, db *sql.DB) {
	r := newReader()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			log.Fatal(err)
		}
		if err := insert(ctx, db, m); err != nil {
			log.Fatalf("insert: %v", err)
		}
	}
}

// die logs and exits.
func die(err error) {
	log.Printf("fatal: %v", err)
	os.Exit(1)
}

// withDie exits through a helper of the same package.
func withDie(ctx context.Context, db *sql.DB) error {
	r := newReader()
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			die(err)
		}
		if err := insert(ctx, db, m); err != nil {
			return err
		}
	}
}

// withPanic exits through a helper of another package that always panics.
func withPanic(ctx context.Context, db *sql.DB) (int, error) {
	r := newReader()
	n := 0
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			failure.Panic(err)
		}
		if err := insert(ctx, db, m); err != nil {
			return n, err
		}
		n++
	}
}

// logger is the service's own logger; its Fatalf exits.
type logger struct{ prefix string }

func (l *logger) Fatalf(format string, args ...any) {
	log.Printf(l.prefix+format, args...)
	os.Exit(1)
}

func (l *logger) Printf(format string, args ...any) {
	log.Printf(l.prefix+format, args...)
}

// withLogger exits through a method of its logger type.
func withLogger(ctx context.Context, db *sql.DB, l *logger) {
	r := newReader()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			l.Fatalf("read: %v", err)
		}
		if err := insert(ctx, db, m); err != nil {
			l.Printf("insert: %v", err)
		}
	}
}

// warn exits only at the end of the stream; other errors fall through.
func warn(err error) {
	if errors.Is(err, io.EOF) {
		os.Exit(0)
	}
	log.Printf("read: %v", err)
}

// withWarn's error check may fall through to the insert with an empty
// message: the fix continues after a failed read, and commits after the
// insert succeeds.
func withWarn(ctx context.Context, db *sql.DB) {
	r := newReader()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			warn(err)
		}
		if err := insert(ctx, db, m); err != nil {
			log.Printf("insert: %v", err)
		}
	}
}

// withPrintf only logs: the error check does not leave either, and the fix
// is the same.
func withPrintf(ctx context.Context, db *sql.DB, l *logger) {
	r := newReader()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			l.Printf("read: %v", err)
		}
		if err := insert(ctx, db, m); err != nil {
			l.Printf("insert: %v", err)
		}
	}
}
