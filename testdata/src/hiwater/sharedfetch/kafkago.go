// Package sharedfetch holds hiwater cases of several goroutines fetching
// from one consumer, each committing (or storing) what it fetched (#13).
package sharedfetch

import (
	"context"
	"log"
	"sync"

	"github.com/segmentio/kafka-go"
)

func save(m kafka.Message) error { return nil }

func index(v []byte) {}

func newReader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "signup", Topic: "users"})
}

// worker fetches from the reader it is given and commits what it fetched.
func worker(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := save(m); err != nil {
			log.Printf("save: %v", err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from goroutines fetching from one consumer: records of a partition finish out of order and kafka-go commits are last-write-wins, so the committed offset moves back when a lower record finishes \(replays after a restart\) and past records still in flight: a crash loses them \(at-most-once\)`
			log.Printf("commit: %v", err)
		}
	}
}

// Four workers on one reader (golang-boilerplate's pool).
func runPool(ctx context.Context) {
	r := newReader()
	defer r.Close()
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go worker(ctx, r, &wg)
	}
	wg.Wait()
}

// consume is worker for a reader of its own.
func consume(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup) {
	defer wg.Done()
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := save(m); err != nil {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: one reader per goroutine, built in the loop: each commits the partitions it alone is assigned
			log.Printf("commit: %v", err)
		}
	}
}

func runReaders(ctx context.Context, n int) {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go consume(ctx, newReader(), &wg)
	}
	wg.Wait()
}

// Workers captured in a closure, counted by a parameter.
func runClosures(ctx context.Context, r *kafka.Reader, workers int) {
	for i := 0; i < workers; i++ {
		go func() {
			for {
				m, err := r.FetchMessage(ctx)
				if err != nil {
					return
				}
				if err := save(m); err != nil {
					continue
				}
				if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from goroutines fetching from one consumer`
					log.Printf("commit: %v", err)
				}
			}
		}()
	}
}

// A single fetching goroutine hands each batch to workers that commit
// nothing, and commits the batch once they are all done.
func runFetcher(ctx context.Context, r *kafka.Reader, size int) {
	go func() {
		for {
			batch := make([]kafka.Message, 0, size)
			for len(batch) < size {
				m, err := r.FetchMessage(ctx)
				if err != nil {
					return
				}
				batch = append(batch, m)
			}
			var wg sync.WaitGroup
			for _, m := range batch {
				wg.Add(1)
				go func(m kafka.Message) {
					defer wg.Done()
					save(m)
				}(m)
			}
			wg.Wait()
			if err := r.CommitMessages(ctx, batch...); err != nil { // ok: one fetching goroutine, committing the batch after its workers are done
				log.Printf("commit: %v", err)
			}
		}
	}()
}

// Each worker makes its own reader.
func runOwnReaders(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		go func() {
			r := newReader()
			defer r.Close()
			for {
				m, err := r.FetchMessage(ctx)
				if err != nil {
					return
				}
				if err := save(m); err != nil {
					continue
				}
				if err := r.CommitMessages(ctx, m); err != nil { // ok: a reader per goroutine, made by the goroutine
					log.Printf("commit: %v", err)
				}
			}
		}()
	}
}
