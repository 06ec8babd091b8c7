// Package eachrecordsend holds ordering cases of franz-go records sent to
// a worker goroutine from the function passed to fetches.EachRecord, then
// committed with the whole poll (audit 35b/D3's loop): the commit passes
// records still queued for the worker.
package eachrecordsend

import (
	"context"
	"database/sql"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

// save writes the record.
func save(ctx context.Context, r *kgo.Record) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", r.Value)
	return err
}

func client(opts ...kgo.Opt) *kgo.Client {
	cl, err := kgo.NewClient(append([]kgo.Opt{kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events")}, opts...)...)
	if err != nil {
		log.Fatal(err)
	}
	return cl
}

// queued sends every record to one worker and commits the poll at once.
func queued(ctx context.Context) {
	cl := client(kgo.DisableAutoCommit())
	queue := make(chan *kgo.Record, 64)
	go func() {
		for r := range queue {
			if err := save(ctx, r); err != nil {
				log.Printf("save: %v", err)
			}
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return
		}
		fs.EachRecord(func(r *kgo.Record) { queue <- r })
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after the records are sent on a channel, with no wait for their processing: a crash before the records are processed loses them \(at-most-once\)`
			log.Printf("commit: %v", err)
		}
	}
}

// queuedSelect sends every record in a select that gives up when the
// context is done, over several lines.
func queuedSelect(ctx context.Context) {
	cl := client(kgo.DisableAutoCommit())
	queue := make(chan *kgo.Record, 64)
	go func() {
		for r := range queue {
			if err := save(ctx, r); err != nil {
				log.Printf("save: %v", err)
			}
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			log.Printf("offset %d", r.Offset)
			select {
			case queue <- r:
			case <-ctx.Done():
				return
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after the records are sent on a channel`
			log.Printf("commit: %v", err)
		}
	}
}

// audited is queued's twin: each record is saved in place, and a copy
// goes to an audit channel.
func audited(ctx context.Context, audit chan<- *kgo.Record) {
	cl := client(kgo.DisableAutoCommit())
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
			audit <- r
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// awaited is queued's twin: the worker counts each record done, and the
// loop waits for the poll's records before the commit.
func awaited(ctx context.Context) {
	cl := client(kgo.DisableAutoCommit())
	queue := make(chan *kgo.Record, 64)
	var wg sync.WaitGroup
	go func() {
		for r := range queue {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
			wg.Done()
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		wg.Add(len(fs.Records()))
		fs.EachRecord(func(r *kgo.Record) { queue <- r })
		wg.Wait()
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// marked is queued's twin: the worker marks each record after saving
// it, and the loop commits the marks only.
func marked(ctx context.Context) {
	cl := client(kgo.AutoCommitMarks())
	queue := make(chan *kgo.Record, 64)
	go func() {
		for r := range queue {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
			cl.MarkCommitRecords(r)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { queue <- r })
		if err := cl.CommitMarkedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// counted is queued's twin with a count: the records are sent with a
// counter beside them in one line, and the commit follows at once.
func counted(ctx context.Context) {
	cl := client(kgo.DisableAutoCommit())
	queue := make(chan *kgo.Record, 64)
	go func() {
		for r := range queue {
			if err := save(ctx, r); err != nil {
				log.Printf("save: %v", err)
			}
		}
	}()
	sent := 0
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { sent++; queue <- r })
		log.Printf("sent %d", sent)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after the records are sent on a channel`
			log.Printf("commit: %v", err)
		}
	}
}

// acked is counted's twin: the loop receives one ack per record sent
// before the commit (review 36-1/D3).
func acked(ctx context.Context) {
	cl := client(kgo.DisableAutoCommit())
	queue := make(chan *kgo.Record, 64)
	done := make(chan struct{}, 64)
	go func() {
		for r := range queue {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
			done <- struct{}{}
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		n := 0
		fs.EachRecord(func(r *kgo.Record) { queue <- r; n++ })
		for ; n > 0; n-- {
			<-done
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// tapped is queued's twin: a copy of each record goes to a tap, and the
// records are saved in place before the commit (review 36-1/D1).
func tapped(ctx context.Context, tap chan<- *kgo.Record) {
	cl := client(kgo.DisableAutoCommit())
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { tap <- r })
		for _, r := range fs.Records() {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// afterLoop sends every record to one worker and commits everything
// polled once the loop ends (review 36-1/D7).
func afterLoop(ctx context.Context) {
	cl := client(kgo.DisableAutoCommit())
	queue := make(chan *kgo.Record, 64)
	go func() {
		for r := range queue {
			if err := save(context.Background(), r); err != nil {
				log.Fatal(err)
			}
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			break
		}
		fs.EachRecord(func(r *kgo.Record) { queue <- r })
	}
	if err := cl.CommitUncommittedOffsets(context.Background()); err != nil { // want `call to CommitUncommittedOffsets after the records are sent on a channel`
		log.Printf("final commit: %v", err)
	}
}

// auditedWorker writes an audit row for each record in place and sends it to
// the worker that writes the event (review 36-2/D5): the worker's write
// may come after the commit.
func auditedWorker(ctx context.Context) {
	cl := client(kgo.DisableAutoCommit())
	queue := make(chan *kgo.Record, 64)
	go func() {
		for r := range queue {
			if err := save(ctx, r); err != nil {
				log.Printf("save: %v", err)
			}
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { queue <- r })
		for _, r := range fs.Records() {
			if _, err := db.ExecContext(ctx, "INSERT INTO audit (k) VALUES ($1)", r.Key); err != nil {
				log.Fatal(err)
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after the records are sent on a channel`
			log.Printf("commit: %v", err)
		}
	}
}
