// Command cmd wires a reader into ingest and saves its events in workers
// of its own.
package main

import (
	"context"
	"database/sql"
	"log"

	"github.com/segmentio/kafka-go"

	"report/handedsend/ingest"
)

func main() {
	ctx := context.Background()
	db, err := sql.Open("postgres", "")
	if err != nil {
		log.Fatal(err)
	}
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g-handedsend", Topic: "readings"})
	defer r.Close()
	events := make(chan ingest.Event, 256)
	for range 4 {
		go func() {
			for ev := range events {
				if _, err := db.ExecContext(ctx, "INSERT INTO readings (device, value) VALUES ($1, $2)", ev.Device, ev.Value); err != nil {
					log.Printf("insert: %v", err)
				}
			}
		}()
	}
	if err := ingest.New(r, events).Run(ctx); err != nil {
		log.Fatal(err)
	}
}
