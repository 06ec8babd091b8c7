// Package rangehandoff holds ordering cases of franz-go records handed to
// goroutines in a range loop over the poll, then committed with the whole
// poll: every record is handed on, on every path through the loop.
package rangehandoff

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(r *kgo.Record) {
	if _, err := db.Exec("INSERT INTO events (body) VALUES ($1)", r.Value); err != nil {
		log.Print(err)
	}
}

func client() *kgo.Client {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		log.Fatal(err)
	}
	return cl
}

// everyRecord hands every record of the poll to a goroutine.
func everyRecord(ctx context.Context) {
	cl := client()
	for {
		fetches := cl.PollRecords(ctx, 1000)
		for _, rec := range fetches.Records() {
			go save(rec)
		}
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want `call to CommitRecords after the records are handed to goroutines, with no wait for their processing: a crash before the records are processed loses them \(at-most-once\)`
			log.Printf("commit: %v", err)
		}
	}
}

// someRecords hands only the large records to goroutines, after skipping
// the empty ones: on some paths.
func someRecords(ctx context.Context) {
	cl := client()
	for {
		fetches := cl.PollRecords(ctx, 1000)
		for _, rec := range fetches.Records() {
			if len(rec.Value) == 0 {
				continue
			}
			go save(rec)
		}
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want `call to CommitRecords after the record is handed to a goroutine on some paths, with no wait for its processing`
			log.Printf("commit: %v", err)
		}
	}
}

// inPlace is everyRecord's twin: each record is saved before the commit.
func inPlace(ctx context.Context) {
	cl := client()
	for {
		fetches := cl.PollRecords(ctx, 1000)
		for _, rec := range fetches.Records() {
			save(rec)
		}
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}
