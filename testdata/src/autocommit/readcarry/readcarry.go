// Package readcarry holds a kafka-go group reader's ReadMessage loop that
// logs a failed read and carries on: the read's error held its commit's
// failure, so the fix's CommitMessages failure is logged too, not
// returned (a commit failing during a rebalance would stop the service).
package readcarry

import (
	"context"
	"database/sql"
	"log"

	"github.com/segmentio/kafka-go"
)

var db *sql.DB

func run(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g", Topic: "events"})
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			log.Printf("read: %v", err)
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			log.Printf("save: %v", err)
			continue
		}
	}
}

var _ = run
