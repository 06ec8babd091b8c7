// Package shutdowncommit holds ordering cases of a final commit of
// everything polled, deferred by a loop that sends the records to a
// worker goroutine (audit 35b/D3): on return, records are still queued
// for the worker, and the commit writes their positions unprocessed.
package shutdowncommit

import (
	"context"
	"database/sql"
	"log"
	"sync"
	"time"

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

// Service runs one worker that marks each record it saved.
type Service struct {
	cl *kgo.Client
}

// NewService builds the client, committing marks only.
func NewService() *Service {
	return &Service{cl: client(kgo.AutoCommitMarks())}
}

// Run polls until ctx is done, then commits everything polled.
func (s *Service) Run(ctx context.Context) {
	queue := make(chan *kgo.Record, 64)
	go func() {
		for r := range queue {
			if err := save(context.Background(), r); err != nil {
				log.Fatal(err)
			}
			s.cl.MarkCommitRecords(r)
		}
	}()
	defer func() {
		if err := s.cl.CommitUncommittedOffsets(context.Background()); err != nil { // want `deferred call to CommitUncommittedOffsets commits every record polled when Run returns, records still queued for the workers included, with no wait for them: those are committed but never processed, so every shutdown loses them \(at-most-once\)`
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := s.cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return
		}
		fs.EachRecord(func(r *kgo.Record) { queue <- r })
	}
}

// drained is Run's twin: the deferred closure closes the queue and waits
// for the worker before the commit.
func drained(ctx context.Context) {
	cl := client(kgo.AutoCommitMarks())
	queue := make(chan *kgo.Record, 64)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for r := range queue {
			if err := save(context.Background(), r); err != nil {
				log.Fatal(err)
			}
			cl.MarkCommitRecords(r)
		}
	}()
	defer func() {
		close(queue)
		wg.Wait()
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return
		}
		fs.EachRecord(func(r *kgo.Record) { queue <- r })
	}
}

// joined is Run's twin: the loop's only way out closes the queue and
// waits for the worker.
func joined(ctx context.Context) {
	cl := client(kgo.AutoCommitMarks())
	queue := make(chan *kgo.Record, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for r := range queue {
			if err := save(context.Background(), r); err != nil {
				log.Fatal(err)
			}
			cl.MarkCommitRecords(r)
		}
	}()
	defer func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			break
		}
		for _, r := range fs.Records() {
			queue <- r
		}
	}
	close(queue)
	<-done
}

// inPlace is Run's twin: each record is saved before the next poll.
func inPlace(ctx context.Context) {
	cl := client(kgo.DisableAutoCommit())
	defer func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return
		}
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// lifo defers the wait and the close before the commit: defers run last
// in, first out, so the commit runs first (review 36-1/D4).
func lifo(ctx context.Context) {
	cl := client(kgo.AutoCommitMarks())
	queue := make(chan *kgo.Record, 64)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for r := range queue {
			if err := save(context.Background(), r); err != nil {
				log.Fatal(err)
			}
			cl.MarkCommitRecords(r)
		}
	}()
	defer wg.Wait()
	defer close(queue)
	defer func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil { // want `deferred call to CommitUncommittedOffsets commits every record polled when lifo returns`
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return
		}
		fs.EachRecord(func(r *kgo.Record) { queue <- r })
	}
}

type pool struct {
	queue chan *kgo.Record
	wg    sync.WaitGroup
}

// drain closes the queue and waits for the workers.
func (p *pool) drain() {
	close(p.queue)
	p.wg.Wait()
}

// drainedFirst is lifo's twin: the deferred drain, a method, runs before
// the commit deferred first (review 36-1/D5).
func drainedFirst(ctx context.Context) {
	cl := client(kgo.AutoCommitMarks())
	p := &pool{queue: make(chan *kgo.Record, 64)}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for r := range p.queue {
			if err := save(context.Background(), r); err != nil {
				log.Fatal(err)
			}
			cl.MarkCommitRecords(r)
		}
	}()
	defer func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			log.Printf("final commit: %v", err)
		}
	}()
	defer p.drain()
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return
		}
		fs.EachRecord(func(r *kgo.Record) { p.queue <- r })
	}
}

// dispatch sends the poll's records to the queue.
func dispatch(fs kgo.Fetches, queue chan<- *kgo.Record) {
	fs.EachRecord(func(r *kgo.Record) { queue <- r })
}

// helperSent is Run with the send in a helper given the poll (review
// 36-1/D6).
func helperSent(ctx context.Context) {
	cl := client(kgo.AutoCommitMarks())
	queue := make(chan *kgo.Record, 64)
	go func() {
		for r := range queue {
			if err := save(context.Background(), r); err != nil {
				log.Fatal(err)
			}
			cl.MarkCommitRecords(r)
		}
	}()
	defer func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil { // want `deferred call to CommitUncommittedOffsets commits every record polled when helperSent returns`
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return
		}
		dispatch(fs, queue)
	}
}

// abandons saves each record in place but returns on a failed save, with
// the poll half processed: the deferred commit writes the positions of
// the records it abandoned (audit 37c/D3: 274 of 300 lost at a SIGTERM).
// The loop commits each processed poll itself: the defer goes.
func abandons(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	defer func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil { // want `deferred call to CommitUncommittedOffsets commits every record polled when abandons returns, and abandons can return with a poll half processed \(line 281\): the records it abandoned are committed but never processed`
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := save(ctx, r); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// abandonsAuto is abandons on auto-commit, deferring the commit
// directly: the timer and the default revoke at Close commit the
// processed polls.
func abandonsAuto(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"))
	if err != nil {
		return err
	}
	defer cl.Close()
	defer cl.CommitUncommittedOffsets(context.Background()) // want `deferred call to CommitUncommittedOffsets commits every record polled when abandonsAuto returns, and abandonsAuto can return with a poll half processed \(line 307\)`
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := save(ctx, r); err != nil {
				return err
			}
		}
	}
}

// finishes is abandons' twin: a failed save stops the process
// (log.Fatal runs no deferred call), so the deferred commit runs only
// between polls.
func finishes(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	defer func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := save(ctx, r); err != nil {
				log.Fatalf("save: %v", err)
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// flushAfter breaks out of its loop after a poll on a shutdown, then
// commits everything polled: the poll it left unprocessed (audit 38b/D2:
// 14 to 19 of 300 lost at a SIGTERM). The commit goes, with the context
// made for it: auto-commit's timer and default revoke at Close commit the
// processed polls; the Close stays (review 38-1/D3).
func flushAfter(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"))
	if err != nil {
		log.Fatal(err)
	}
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			break
		}
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
	fctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := cl.CommitUncommittedOffsets(fctx); err != nil { // want `call to CommitUncommittedOffsets after the poll loop commits every record polled, and the loop can break out with a poll half processed \(line 356\)`
		log.Printf("final commit: %v", err)
	}
	cl.Close()
}

// flushBetween is flushAfter's twin: the loop ends between polls, so the
// flush commits processed polls only.
func flushBetween(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"))
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Close()
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			break
		}
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
	if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
		log.Printf("final commit: %v", err)
	}
}

// flushAtBottom is flushAfter with the check after the poll is processed
// and committed: the break leaves between polls, and the flush commits
// processed polls only (review 38-1/D1).
func flushAtBottom(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Close()
	defer func() {
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			log.Printf("final commit: %v", err)
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
		if ctx.Err() != nil {
			break
		}
	}
	if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
		log.Printf("final commit: %v", err)
	}
}

type flusher struct{ cl *kgo.Client }

// flush commits everything polled.
func (f *flusher) flush() {
	if err := f.cl.CommitUncommittedOffsets(context.Background()); err != nil { // want `deferred call to CommitUncommittedOffsets commits every record polled when run returns, and run can return with a poll half processed \(line 456\)`
		log.Printf("final commit: %v", err)
	}
}

// run defers flush, which commits everything polled, and returns on a
// failed save mid-poll (review 38-1/D6: 236 of 300 lost); the loop
// commits each processed poll itself: the defer goes.
func (f *flusher) run(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	f.cl = cl
	defer cl.Close()
	defer f.flush()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := save(ctx, r); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// stopsOnCancel stops saving the poll when the context is cancelled, then
// returns under a second check: the deferred commit writes the records
// it left (review 38-2/D1: 275 and 280 of 300 lost at a SIGTERM).
func stopsOnCancel(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Close()
	defer cl.CommitUncommittedOffsets(context.Background()) // want `deferred call to CommitUncommittedOffsets commits every record polled when stopsOnCancel returns, and stopsOnCancel can return with a poll half processed \(line 486\)`
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if ctx.Err() != nil {
				break
			}
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
		}
		if ctx.Err() != nil {
			return
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// countsFailures counts failed saves and returns once the poll is through
// if any failed: the deferred commit writes the positions of the records
// that failed (review 38-2/D3: a flag set by nerr++ was not read).
func countsFailures(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Close()
	defer cl.CommitUncommittedOffsets(context.Background()) // want `deferred call to CommitUncommittedOffsets commits every record polled when countsFailures returns, and countsFailures can return with a poll half processed \(line 513\)`
	for {
		fs := cl.PollFetches(ctx)
		nerr := 0
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(ctx, r); err != nil {
				nerr++
			}
		})
		if nerr > 0 {
			return
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}
