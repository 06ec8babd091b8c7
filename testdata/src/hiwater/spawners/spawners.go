// Package spawners holds hiwater cases of workers started through a
// spawner of the package, not a go statement of the loop: a function that
// runs its argument in a goroutine (go fn()), and a group whose Run counts
// it in a WaitGroup and starts a literal calling it (go-zero's
// RoutineGroup shape).
package spawners

import (
	"context"
	"database/sql"
	"log"
	"sync"

	"github.com/segmentio/kafka-go"
)

var db *sql.DB

func save(m kafka.Message) error {
	_, err := db.Exec("INSERT INTO events (body) VALUES ($1)", m.Value)
	return err
}

func spawn(fn func()) { go fn() }

type group struct{ wg sync.WaitGroup }

func (g *group) Run(fn func()) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		fn()
	}()
}

func (g *group) Wait() { g.wg.Wait() }

// run calls fn in place: not a spawner.
func run(fn func()) { fn() }

func reader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g", Topic: "t"})
}

// spawnedPool starts eight workers through spawn, each committing the
// message it processed.
func spawnedPool(ctx context.Context) {
	r := reader()
	ch := make(chan kafka.Message)
	for i := 0; i < 8; i++ {
		spawn(func() {
			for m := range ch {
				if err := save(m); err != nil {
					log.Print(err)
					continue
				}
				if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a pool of workers: records of a partition finish out of order`
					log.Print(err)
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

// groupPool starts them through a group's Run.
func groupPool(ctx context.Context, n int) {
	r := reader()
	ch := make(chan kafka.Message)
	var g group
	for i := 0; i < n; i++ {
		g.Run(func() {
			for m := range ch {
				if err := save(m); err != nil {
					continue
				}
				if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a pool of workers`
					log.Print(err)
				}
			}
		})
	}
	defer g.Wait()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			close(ch)
			return
		}
		ch <- m
	}
}

// oneSpawned starts a single worker through spawn: the messages are
// committed in order.
func oneSpawned(ctx context.Context) {
	r := reader()
	ch := make(chan kafka.Message)
	spawn(func() {
		for m := range ch {
			if err := save(m); err != nil {
				continue
			}
			if err := r.CommitMessages(ctx, m); err != nil { // ok: one worker
				log.Print(err)
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

// inPlace calls each message's work through run, which calls it in
// place: one message at a time.
func inPlace(ctx context.Context) {
	r := reader()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		run(func() {
			if err := save(m); err != nil {
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // ok: run calls it in place
				log.Print(err)
			}
		})
	}
}

// safely runs fn in a goroutine that recovers its panics, and waits for
// it: the work runs in place, as far as the loop can tell.
func safely(fn func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { _ = recover() }()
		fn()
	}()
	<-done
}

// recovered commits each message through safely: one at a time.
func recovered(ctx context.Context) {
	r := reader()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		safely(func() {
			if err := save(m); err != nil {
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // ok: safely waits for the goroutine it starts
				log.Print(err)
			}
		})
	}
}

// perMessage commits each message from the goroutine spawn starts for it.
func perMessage(ctx context.Context) {
	r := reader()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		spawn(func() {
			if err := save(m); err != nil {
				log.Print(err)
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a per-record goroutine`
				log.Print(err)
			}
		})
	}
}
