package sharedfetch

import (
	"context"
	"log"
	"sync"

	"github.com/segmentio/kafka-go"
)

// source keeps its reader in a field; its workers fetch from it (trial
// 23, loggie's shape: the row said at-least-once, concurrency none).
type source struct {
	workers int
	reader  *kafka.Reader
}

// productLoop starts the workers on the one reader of s.
func (s *source) productLoop(ctx context.Context) {
	var wg sync.WaitGroup
	for i := 0; i < s.workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				m, err := s.reader.FetchMessage(ctx)
				if err != nil {
					return
				}
				if err := save(m); err != nil {
					continue
				}
				if err := s.reader.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from goroutines fetching from one consumer: records of a partition finish out of order and kafka-go commits are last-write-wins`
					log.Printf("commit: %v", err)
				}
			}
		}()
	}
	wg.Wait()
}

// sourcePerWorker starts each worker with a source of its own, its own
// reader.
func sourcePerWorker(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		s := &source{workers: 1, reader: newReader()}
		go func() {
			for {
				m, err := s.reader.FetchMessage(ctx)
				if err != nil {
					return
				}
				if err := save(m); err != nil {
					continue
				}
				if err := s.reader.CommitMessages(ctx, m); err != nil { // ok: a reader per goroutine, in a source of its own
					log.Printf("commit: %v", err)
				}
			}
		}()
	}
}

// startSource runs a source with a reader of its own.
func startSource(ctx context.Context) {
	s := &source{workers: 4, reader: newReader()}
	s.productLoop(ctx)
}
