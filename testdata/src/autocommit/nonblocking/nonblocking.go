// Package nonblocking holds autocommit cases of franz-go's default
// auto-commit with records handed to workers, the poll loop checking a
// channel with a select that has a default case: it waits for nothing, so
// the next poll makes the handed records committable as without it.
package nonblocking

import (
	"context"
	"database/sql"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func store(ctx context.Context, r *kgo.Record) {
	if _, err := db.ExecContext(ctx, "INSERT INTO clicks (payload) VALUES ($1)", r.Value); err != nil {
		log.Printf("store: %v", err)
	}
}

// enrich picks up a pending reload without waiting, then hands the
// records to four workers.
func enrich(ctx context.Context, reload chan int) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("enricher"), kgo.ConsumeTopics("clicks"))
	if err != nil {
		return
	}
	defer cl.Close()
	work := make(chan *kgo.Record, 256)
	for i := 0; i < 4; i++ {
		go func() {
			for r := range work {
				store(ctx, r)
			}
		}()
	}
	for {
		select {
		case n := <-reload:
			log.Printf("reload requested: %d workers", n)
		default:
		}
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		for _, r := range fetches.Records() {
			work <- r // want `record handed to workers over a channel while the loop polls again`
		}
	}
}

// enrichJoined waits for each poll's records before the next poll.
func enrichJoined(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("enricher-joined"), kgo.ConsumeTopics("clicks"))
	if err != nil {
		return
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		var wg sync.WaitGroup
		for _, r := range fetches.Records() {
			wg.Add(1)
			go func() { // ok: joined before the next poll
				defer wg.Done()
				store(ctx, r)
			}()
		}
		wg.Wait()
	}
}
