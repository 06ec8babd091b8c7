// Package xspawners holds hiwater cases of workers started through
// goroutine helpers of another package of the module (their spawner
// facts), not a go statement of the loop.
package xspawners

import (
	"context"
	"database/sql"
	"log"

	"hiwater/xspawners/routines"

	"github.com/segmentio/kafka-go"
)

var db *sql.DB

func reader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g", Topic: "t"})
}

func save(m kafka.Message) error {
	_, err := db.Exec("INSERT INTO events (body) VALUES ($1)", m.Value)
	return err
}

// grouped starts eight workers with the group's Run, each committing the
// message it saved.
func grouped(ctx context.Context) {
	r := reader()
	ch := make(chan kafka.Message)
	var workers routines.Group
	for i := 0; i < 8; i++ {
		workers.Run(func() {
			for m := range ch {
				if err := save(m); err != nil {
					log.Printf("save: %v", err)
					continue
				}
				if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a pool of workers`
					log.Printf("commit: %v", err)
				}
			}
		})
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		ch <- m
	}
}

// safeWorkers starts four workers with GoSafe.
func safeWorkers(ctx context.Context) {
	r := reader()
	ch := make(chan kafka.Message)
	for range 4 {
		routines.GoSafe(func() {
			for m := range ch {
				if err := save(m); err == nil {
					_ = r.CommitMessages(ctx, m) // want `call to CommitMessages from a pool of workers`
				}
			}
		})
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		ch <- m
	}
}

// oneWorker is grouped with one worker: the messages are committed in
// order.
func oneWorker(ctx context.Context) {
	r := reader()
	ch := make(chan kafka.Message)
	var workers routines.Group
	workers.Run(func() {
		for m := range ch {
			if err := save(m); err != nil {
				log.Printf("save: %v", err)
				continue
			}
			if err := r.CommitMessages(ctx, m); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	})
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		ch <- m
	}
}

// waited runs each message's processing and commit through a helper that
// waits for it: in order.
func waited(ctx context.Context) {
	r := reader()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		routines.RunWait(func() {
			if err := save(m); err == nil {
				_ = r.CommitMessages(ctx, m)
			}
		})
	}
}
