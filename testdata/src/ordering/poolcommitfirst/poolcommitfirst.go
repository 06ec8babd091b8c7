// Package poolcommitfirst holds ordering cases of franz-go records
// scheduled on a pool of goroutines and then committed at once (scribd/
// go-sdk pkg/pubsub/kafka partitionconsumer.go): Schedule hands the
// function processing a record to a waiting worker or starts one, and
// returns.
package poolcommitfirst

import (
	"context"
	"database/sql"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(r *kgo.Record) {
	if _, err := db.Exec("INSERT INTO events (body) VALUES ($1)", r.Value); err != nil {
		log.Print(err)
	}
}

// pool runs tasks on up to cap(sem) goroutines; Schedule does not wait
// for the task.
type pool struct {
	sem  chan struct{}
	work chan func()
}

// Schedule hands task to an idle worker or starts one.
func (p *pool) Schedule(task func()) {
	select {
	case p.work <- task:
	case p.sem <- struct{}{}:
		go p.worker(task)
	}
}

func (p *pool) worker(task func()) {
	defer func() { <-p.sem }()
	for {
		task()
		task = <-p.work
	}
}

// boundedPool refuses a task when its queue is full.
type boundedPool struct{ work chan func() }

// Submit queues task, or refuses it when the queue is full.
func (p *boundedPool) Submit(task func()) error {
	select {
	case p.work <- task:
		return nil
	default:
		return context.DeadlineExceeded
	}
}

// syncPool runs each task on a worker and waits for it.
type syncPool struct{ work chan func() }

// Run hands task to a worker and returns when it has run.
func (p *syncPool) Run(task func()) {
	done := make(chan struct{})
	p.work <- func() { task(); close(done) }
	<-done
}

type pconsumer struct {
	pool *pool
	quit chan struct{}
	recs chan kgo.FetchTopicPartition
}

// consume schedules every record of a partition's fetch on the pool and
// commits the fetch before the pool has processed it.
func (pc *pconsumer) consume(cl *kgo.Client, handler func(*kgo.Record)) {
	for {
		select {
		case <-pc.quit:
			return
		case p := <-pc.recs:
			p.EachRecord(func(rec *kgo.Record) {
				pc.pool.Schedule(func() { handler(rec) })
			})
			if err := cl.CommitRecords(context.Background(), p.Records...); err != nil { // want `call to CommitRecords after the records are queued by poolcommitfirst.pool.Schedule in the function passed to EachRecord \(Schedule only hands the function processing them to another goroutine\), with no wait for their processing: a crash before the records are processed loses them \(at-most-once\)`
				log.Printf("commit: %v", err)
			}
		}
	}
}

// consumeLoop is consume with a range loop over the fetch's records.
func (pc *pconsumer) consumeLoop(ctx context.Context, cl *kgo.Client) {
	for p := range pc.recs {
		for _, rec := range p.Records {
			pc.pool.Schedule(func() {
				log.Printf("offset %d", rec.Offset)
				save(rec)
			})
		}
		if err := cl.CommitRecords(ctx, p.Records...); err != nil { // want `call to CommitRecords after the records are queued by poolcommitfirst.pool.Schedule \(Schedule only hands the function processing them to another goroutine\), with no wait`
			log.Printf("commit: %v", err)
		}
	}
}

// consumeAwaited is consume's twin: the pool's work is awaited before
// the commit.
func (pc *pconsumer) consumeAwaited(ctx context.Context, cl *kgo.Client) {
	for p := range pc.recs {
		var wg sync.WaitGroup
		p.EachRecord(func(rec *kgo.Record) {
			wg.Add(1)
			pc.pool.Schedule(func() { defer wg.Done(); save(rec) })
		})
		wg.Wait()
		if err := cl.CommitRecords(ctx, p.Records...); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// consumeSync is consume's twin on a pool whose Run waits for the task.
func consumeSync(ctx context.Context, cl *kgo.Client, sp *syncPool, recs chan kgo.FetchTopicPartition) {
	for p := range recs {
		p.EachRecord(func(rec *kgo.Record) {
			sp.Run(func() { save(rec) })
		})
		if err := cl.CommitRecords(ctx, p.Records...); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// submitEach queues each record's save on a pool that may refuse it,
// logging a refusal, then commits at once.
func submitEach(ctx context.Context, cl *kgo.Client, bp *boundedPool) {
	fetches := cl.PollRecords(ctx, 100)
	fetches.EachRecord(func(rec *kgo.Record) {
		if err := bp.Submit(func() { save(rec) }); err != nil {
			log.Print(err)
		}
	})
	if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want `call to CommitRecords after the records are queued by poolcommitfirst.boundedPool.Submit in the function passed to EachRecord`
		log.Print(err)
	}
}

// submitEachAwaited is submitEach's twin: the queued saves are awaited,
// a refused one counted out.
func submitEachAwaited(ctx context.Context, cl *kgo.Client, bp *boundedPool) {
	fetches := cl.PollRecords(ctx, 100)
	var wg sync.WaitGroup
	fetches.EachRecord(func(rec *kgo.Record) {
		wg.Add(1)
		if err := bp.Submit(func() { defer wg.Done(); save(rec) }); err != nil {
			wg.Done()
			log.Print(err)
		}
	})
	wg.Wait()
	if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil {
		log.Print(err)
	}
}

// submitDropped queues each record's save on a pool that may refuse it
// and drops the refusal, then commits at once.
func submitDropped(ctx context.Context, cl *kgo.Client, bp *boundedPool) {
	fetches := cl.PollRecords(ctx, 100)
	fetches.EachRecord(func(rec *kgo.Record) {
		_ = bp.Submit(func() { save(rec) })
	})
	if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want `call to CommitRecords after the records are queued by poolcommitfirst.boundedPool.Submit in the function passed to EachRecord`
		log.Print(err)
	}
}

// submitUnchecked is submitDropped in a range loop, the refusal left
// unchecked by a statement of its own.
func submitUnchecked(ctx context.Context, cl *kgo.Client, bp *boundedPool) error {
	fetches := cl.PollRecords(ctx, 100)
	for _, rec := range fetches.Records() {
		bp.Submit(func() {
			save(rec)
		})
	}
	return cl.CommitRecords(ctx, fetches.Records()...) // want `call to CommitRecords after the records are queued by poolcommitfirst.boundedPool.Submit \(Submit only`
}
