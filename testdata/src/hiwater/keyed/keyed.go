// Package keyed holds hiwater cases whose position call writes a record
// looked up by a key the workers of a pool acknowledge when they finish
// (#13, pipelaner's MarkOnSuccess).
package keyed

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

type item struct {
	id  int64
	val []byte
}

// pipeline stores each record under an id and queues the id for eight
// workers, which acknowledge ids as they finish; the marker marks the
// record of each acknowledged id.
func pipeline(ctx context.Context, cl *kgo.Client) {
	var pending sync.Map
	input := make(chan item, 100)
	acks := make(chan int64, 100)
	for i := 0; i < 8; i++ {
		go func() {
			for it := range input {
				log.Printf("sink %s", it.val)
				acks <- it.id
			}
		}()
	}
	go func() {
		for id := range acks {
			if v, ok := pending.LoadAndDelete(id); ok {
				cl.MarkCommitRecords(v.(*kgo.Record)) // want `completions passed to MarkCommitRecords in arrival order: concurrent processing finishes records of a partition out of order and franz-go marks are forward-only`
			}
		}
	}()
	var next int64
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			next++
			pending.Store(next, r)
			input <- item{id: next, val: r.Value}
		})
	}
}

// single is pipeline's twin with one worker: the ids are acknowledged,
// and the records marked, in the order they were polled.
func single(ctx context.Context, cl *kgo.Client) {
	var pending sync.Map
	input := make(chan item, 100)
	acks := make(chan int64, 100)
	go func() {
		for it := range input {
			log.Printf("sink %s", it.val)
			acks <- it.id
		}
	}()
	go func() {
		for id := range acks {
			if v, ok := pending.LoadAndDelete(id); ok {
				cl.MarkCommitRecords(v.(*kgo.Record)) // ok: one worker acknowledges in poll order
			}
		}
	}()
	var next int64
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			next++
			pending.Store(next, r)
			input <- item{id: next, val: r.Value}
		})
	}
}

// indexed keeps the records in a map under a mutex; four workers
// acknowledge ids as they finish.
func indexed(ctx context.Context, cl *kgo.Client) {
	var mu sync.Mutex
	pending := map[int64]*kgo.Record{}
	input := make(chan item, 100)
	acks := make(chan int64, 100)
	for i := 0; i < 4; i++ {
		go func() {
			for it := range input {
				log.Printf("sink %s", it.val)
				acks <- it.id
			}
		}()
	}
	go func() {
		for id := range acks {
			mu.Lock()
			r, ok := pending[id]
			delete(pending, id)
			mu.Unlock()
			if ok {
				cl.MarkCommitRecords(r) // want `completions passed to MarkCommitRecords in arrival order`
			}
		}
	}()
	var next int64
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			next++
			mu.Lock()
			pending[next] = r
			mu.Unlock()
			input <- item{id: next, val: r.Value}
		})
	}
}

// indexedSingle is indexed's twin with one worker.
func indexedSingle(ctx context.Context, cl *kgo.Client) {
	var mu sync.Mutex
	pending := map[int64]*kgo.Record{}
	input := make(chan item, 100)
	acks := make(chan int64, 100)
	go func() {
		for it := range input {
			log.Printf("sink %s", it.val)
			acks <- it.id
		}
	}()
	go func() {
		for id := range acks {
			mu.Lock()
			r, ok := pending[id]
			delete(pending, id)
			mu.Unlock()
			if ok {
				cl.MarkCommitRecords(r) // ok: one worker acknowledges in poll order
			}
		}
	}()
	var next int64
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			next++
			mu.Lock()
			pending[next] = r
			mu.Unlock()
			input <- item{id: next, val: r.Value}
		})
	}
}

func main() {
	cl, err := kgo.NewClient(kgo.SeedBrokers("localhost:9092"), kgo.ConsumerGroup("pipe"), kgo.ConsumeTopics("in"), kgo.AutoCommitMarks())
	if err != nil {
		log.Fatal(err)
	}
	go single(context.Background(), cl)
	go indexed(context.Background(), cl)
	go indexedSingle(context.Background(), cl)
	pipeline(context.Background(), cl)
}
