// Package kafkago holds hiwater cases for github.com/segmentio/kafka-go.
package kafkago

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"
)

func handle(m kafka.Message) error { return nil }

func reader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g", Topic: "t"})
}

// A goroutine per fetched message commits it.
func fetchLoop(ctx context.Context) error {
	r := reader()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go func() {
			handle(m)
			if err := r.CommitMessages(ctx, m); err != nil { // want `CommitMessages from a per-record goroutine: records of a partition finish out of order and kafka-go commits are last-write-wins, so the committed offset moves back when a lower record finishes \(replays after a restart\) and past records still in flight: a crash loses them \(at-most-once\)`
				log.Printf("commit: %v", err)
			}
		}()
	}
}

// A batch processed by a goroutine per message, joined.
func batchLoop(ctx context.Context, r *kafka.Reader, size int) error {
	for {
		batch := make([]kafka.Message, 0, size)
		for len(batch) < size {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
		}
		var wg sync.WaitGroup
		for _, m := range batch {
			wg.Add(1)
			go func(m kafka.Message) {
				defer wg.Done()
				handle(m)
				r.CommitMessages(ctx, m) // want `CommitMessages from a per-record goroutine`
			}(m)
		}
		wg.Wait()
	}
}

// The same with errgroup.
func groupBatch(ctx context.Context, r *kafka.Reader, batch []kafka.Message) error {
	var g errgroup.Group
	for _, m := range batch {
		g.Go(func() error {
			if err := handle(m); err != nil {
				return err
			}
			if err := r.CommitMessages(ctx, m); err != nil { // want `CommitMessages from a per-record errgroup function`
				return err
			}
			return nil
		})
	}
	err := g.Wait()
	if err != nil {
		log.Printf("batch: %v", err)
		return err
	}
	return nil
}

// Workers send what they finished to a committer.
func poolCollector(ctx context.Context, workers int) {
	r := reader()
	jobs := make(chan kafka.Message)
	done := make(chan kafka.Message)
	for i := 0; i < workers; i++ {
		go func() {
			for m := range jobs {
				handle(m)
				done <- m
			}
		}()
	}
	go func() {
		for m := range done {
			r.CommitMessages(ctx, m) // want `completions passed to CommitMessages in arrival order: concurrent processing finishes records of a partition out of order and kafka-go commits are last-write-wins`
		}
	}()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		jobs <- m
	}
}

// Sequential.
func sequential(ctx context.Context) error {
	r := reader()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		handle(m)
		if err := r.CommitMessages(ctx, m); err != nil { // ok: sequential
			return err
		}
	}
}

// A reader per partition, each in its own goroutine.
func perPartition(ctx context.Context, partitions []int) {
	for _, p := range partitions {
		go func() {
			r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "t", Partition: p})
			for {
				m, err := r.FetchMessage(ctx)
				if err != nil {
					return
				}
				handle(m)
				r.CommitMessages(ctx, m) // ok: one goroutine per partition
			}
		}()
	}
}

// A goroutine per message, joined before the next fetch.
func joined(ctx context.Context) error {
	r := reader()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			handle(m)
			r.CommitMessages(ctx, m) // ok: the loop waits for done
		}()
		<-done
	}
}

// An errgroup limited to one function at a time.
func limited(ctx context.Context, r *kafka.Reader, batch []kafka.Message) error {
	var g errgroup.Group
	g.SetLimit(1)
	for _, m := range batch {
		g.Go(func() error {
			handle(m)
			return r.CommitMessages(ctx, m) // ok: SetLimit(1) runs them one at a time, in order
		})
	}
	return g.Wait()
}

// The highest offset completed per partition, committed by a ticker.
func maxTicker(ctx context.Context) {
	r := reader()
	var mu sync.Mutex
	hi := map[int]int64{}
	go func() {
		for range time.Tick(time.Second) {
			mu.Lock()
			for p, off := range hi {
				r.CommitMessages(ctx, kafka.Message{Topic: "t", Partition: p, Offset: off}) // want `highest completed offset passed to CommitMessages: records of a partition finish out of order, so the maximum runs ahead of records still in flight, and kafka-go commits it as given \(last write wins\)`
			}
			mu.Unlock()
		}
	}()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		go func() {
			handle(m)
			mu.Lock()
			if off, ok := hi[m.Partition]; !ok || m.Offset > off {
				hi[m.Partition] = m.Offset
			}
			mu.Unlock()
		}()
	}
}

// A pool whose WaitGroup counts the workers: the fix starts a single
// worker and makes wg.Add count one.
func poolAddN(ctx context.Context, r *kafka.Reader, workers int) {
	jobs := make(chan kafka.Message)
	var wg sync.WaitGroup
	wg.Add(workers)
	for i := 0; i < workers; i++ {
		go func() {
			defer wg.Done()
			for m := range jobs {
				handle(m)
				r.CommitMessages(ctx, m) // want `CommitMessages from a pool of workers`
			}
		}()
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			break
		}
		jobs <- m
	}
	close(jobs)
	wg.Wait()
}

// dispatcher's workers are a method each goroutine's literal calls with
// the shared channel, the usual way a pool is started (audit 29c).
type dispatcher struct{ r *kafka.Reader }

func (d *dispatcher) run(ctx context.Context) error {
	jobs := make(chan kafka.Message, 8)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.work(ctx, jobs)
		}()
	}
	defer wg.Wait()
	defer close(jobs)
	for {
		m, err := d.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		jobs <- m
	}
}

func (d *dispatcher) work(ctx context.Context, jobs <-chan kafka.Message) {
	for m := range jobs {
		if err := handle(m); err != nil {
			continue
		}
		if err := d.r.CommitMessages(ctx, m); err != nil { // want `CommitMessages from a pool of workers`
			log.Printf("commit: %v", err)
		}
	}
}

// lanes' literals each call the worker with a channel of its own, fed
// by partition: no pool.
type lanes struct{ r *kafka.Reader }

func (l *lanes) run(ctx context.Context) error {
	chans := make([]chan kafka.Message, 4)
	for i := range chans {
		ch := make(chan kafka.Message, 8)
		chans[i] = ch
		go func() { l.work(ctx, ch) }()
	}
	for {
		m, err := l.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		chans[m.Partition%len(chans)] <- m
	}
}

func (l *lanes) work(ctx context.Context, ch <-chan kafka.Message) {
	for m := range ch {
		if err := handle(m); err != nil {
			continue
		}
		if err := l.r.CommitMessages(ctx, m); err != nil { // ok: one lane per partition, in order
			log.Printf("commit: %v", err)
		}
	}
}

// supervisor starts one worker at a time, again after it ends (a panic):
// never two at once (review 29-2).
type supervisor struct{ r *kafka.Reader }

func (s *supervisor) run(ctx context.Context, jobs chan kafka.Message) {
	for ctx.Err() == nil {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { _ = recover() }()
			s.work(ctx, jobs)
		}()
		wg.Wait()
	}
}

func (s *supervisor) work(ctx context.Context, jobs <-chan kafka.Message) {
	for m := range jobs {
		if err := handle(m); err != nil {
			continue
		}
		if err := s.r.CommitMessages(ctx, m); err != nil { // ok: one worker at a time
			log.Printf("commit: %v", err)
		}
	}
}
