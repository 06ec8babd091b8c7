package sharedfetch

import (
	"context"
	"log"
	"sync"

	"github.com/segmentio/kafka-go"
)

// saveAndCommit saves a message and commits it: its callers fetch.
func saveAndCommit(ctx context.Context, r *kafka.Reader, m kafka.Message) {
	if err := save(m); err != nil {
		return
	}
	if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from goroutines fetching from one consumer`
		log.Printf("commit: %v", err)
	}
}

// Four goroutines fetch from one reader and commit through saveAndCommit
// (trial 30e/3: silent, the commit being in a helper).
func runHelperPool(ctx context.Context) {
	r := newReader()
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				m, err := r.FetchMessage(ctx)
				if err != nil {
					return
				}
				saveAndCommit(ctx, r, m)
			}
		}()
	}
	wg.Wait()
}

// handleOne is saveAndCommit for a single fetching goroutine.
func handleOne(ctx context.Context, r *kafka.Reader, m kafka.Message) {
	if err := save(m); err != nil {
		return
	}
	if err := r.CommitMessages(ctx, m); err != nil {
		log.Printf("commit: %v", err)
	}
}

// One goroutine fetches and commits through handleOne.
func runHelperOne(ctx context.Context) {
	r := newReader()
	go func() {
		for {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			handleOne(ctx, r, m)
		}
	}()
}
