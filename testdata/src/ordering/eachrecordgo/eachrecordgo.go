// Package eachrecordgo holds ordering cases of franz-go records handed to
// goroutines inside fetches.EachRecord, franz-go's usual iteration, and
// then committed with the whole poll (the shape of scribd/go-sdk's
// partition consumer without its pool).
package eachrecordgo

import (
	"context"
	"database/sql"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

// save writes the record and logs a failure itself.
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

// handedOff saves every record in a goroutine and commits the poll at
// once: the commit passes records not yet saved.
func handedOff(ctx context.Context) {
	cl := client()
	for {
		fetches := cl.PollRecords(ctx, 1000)
		fetches.EachRecord(func(rec *kgo.Record) { go save(rec) })
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want `call to CommitRecords after the records are handed to goroutines in the function passed to EachRecord, with no wait for their processing: a crash before the records are processed loses them \(at-most-once\)`
			log.Printf("commit: %v", err)
		}
	}
}

// perPartition saves every record of each partition in a goroutine,
// written over several lines, then commits the poll.
func perPartition(ctx context.Context) {
	cl := client()
	for {
		fetches := cl.PollRecords(ctx, 1000)
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			p.EachRecord(func(rec *kgo.Record) {
				log.Printf("partition %d offset %d", rec.Partition, rec.Offset)
				go save(rec)
			})
		})
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want `call to CommitRecords after the records are handed to goroutines in the function passed to EachRecord, with no wait`
			log.Printf("commit: %v", err)
		}
	}
}

// inPlace is handedOff's twin: each record is saved before the commit.
func inPlace(ctx context.Context) {
	cl := client()
	for {
		fetches := cl.PollRecords(ctx, 1000)
		fetches.EachRecord(func(rec *kgo.Record) { save(rec) })
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// awaited is handedOff's concurrent twin: the goroutines are joined
// before the commit.
func awaited(ctx context.Context) {
	cl := client()
	for {
		fetches := cl.PollRecords(ctx, 1000)
		var wg sync.WaitGroup
		fetches.EachRecord(func(rec *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				save(rec)
			}()
		})
		wg.Wait()
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// store writes the record and returns a failure.
func store(r *kgo.Record) error {
	_, err := db.Exec("INSERT INTO events (body) VALUES ($1)", r.Value)
	return err
}

// storeEach stores every record in a goroutine, dropping the failure,
// and commits the poll at once.
func storeEach(ctx context.Context, cl *kgo.Client) {
	fetches := cl.PollRecords(ctx, 100)
	fetches.EachRecord(func(rec *kgo.Record) {
		go store(rec)
	})
	if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want `call to CommitRecords after the records are handed to goroutines in the function passed to EachRecord, with no wait`
		log.Print(err)
	}
}

// storeEachErr is storeEach in a function returning an error.
func storeEachErr(ctx context.Context, cl *kgo.Client) error {
	fetches := cl.PollRecords(ctx, 100)
	fetches.EachRecord(func(rec *kgo.Record) {
		go store(rec)
	})
	return cl.CommitRecords(ctx, fetches.Records()...) // want `call to CommitRecords after the records are handed to goroutines in the function passed to EachRecord, with no wait`
}

// storeEachChecked is storeEach's twin: each record stored in place, the
// poll committed only when none failed.
func storeEachChecked(ctx context.Context, cl *kgo.Client) error {
	fetches := cl.PollRecords(ctx, 100)
	var failed error
	fetches.EachRecord(func(rec *kgo.Record) {
		if err := store(rec); err != nil {
			failed = err
		}
	})
	if failed != nil {
		return failed
	}
	return cl.CommitRecords(ctx, fetches.Records()...)
}
