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
