package cases

import (
	"context"
	"database/sql"
	"log"

	"github.com/segmentio/kafka-go"
)

// saveOne fetches one message, saves it and commits it; a failed save is
// logged and nil returned, so the caller takes the next message, whose
// commit passes this one.
func saveOne(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
		log.Printf("save: %v", err)
		return nil
	}
	return r.CommitMessages(ctx, m)
}

func fetchOnceLogged(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-fetchonce", Topic: "t-fetchonce"}) // case: fetchonce
	for {
		if err := saveOne(ctx, r, db); err != nil {
			log.Printf("consume: %v", err)
		}
	}
}

// saveOrFail returns the save's error, and its caller stops on it.
func saveOrFail(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
		return err
	}
	return r.CommitMessages(ctx, m)
}

func fetchOnceStops(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-fetchoncestops", Topic: "t-fetchoncestops"}) // case: fetchoncestops
	for {
		if err := saveOrFail(ctx, r, db); err != nil {
			log.Fatal(err)
		}
	}
}

// saveUntilFailed fetches, saves and commits messages until a save fails, and
// returns that failure.
func saveUntilFailed(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// restartSame runs saveUntilFailed again on the same reader after it fails: the
// next run's fetch starts after the failed message, whose position the
// next commit passes.
func restartSame(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-restartsame", Topic: "t-restart"}) // case: restartsame
	for ctx.Err() == nil {
		if err := saveUntilFailed(ctx, r, db); err != nil {
			log.Printf("consume: %v; restarting", err)
		}
	}
}

// restartFresh builds a new reader for each run, which resumes from the
// committed position: the failed message comes back.
func restartFresh(ctx context.Context, db *sql.DB) {
	for ctx.Err() == nil {
		r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-restartfresh", Topic: "t-restart"}) // case: restartfresh
		if err := saveUntilFailed(ctx, r, db); err != nil {
			log.Printf("consume: %v; restarting with a new reader", err)
		}
		_ = r.Close()
	}
}
