// Package selectsend holds workers that send what they finished to a
// committer with the "send unless shutting down" select: the send is a
// select case, not a statement.
package selectsend

import (
	"context"
	"log"
	"sync"

	"github.com/segmentio/kafka-go"
)

type result struct {
	msg kafka.Message
	ok  bool
}

func save(ctx context.Context, m kafka.Message) bool { return len(m.Value) > 0 }

// pool runs ten workers whose results a committer commits as they
// arrive: a record finished early is committed past one still in flight.
func pool(ctx context.Context, r *kafka.Reader) {
	jobs := make(chan kafka.Message, 100)
	results := make(chan result, 100)
	var wg sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go worker(ctx, jobs, results, &wg)
	}
	go commit(ctx, r, results)
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			break
		}
		jobs <- m
	}
	close(jobs)
	wg.Wait()
	close(results)
}

func worker(ctx context.Context, jobs <-chan kafka.Message, results chan<- result, wg *sync.WaitGroup) {
	defer wg.Done()
	for m := range jobs {
		ok := save(ctx, m)
		select {
		case results <- result{msg: m, ok: ok}:
		case <-ctx.Done():
			return
		}
	}
}

func commit(ctx context.Context, r *kafka.Reader, results <-chan result) {
	for res := range results {
		if !res.ok {
			continue
		}
		if err := r.CommitMessages(ctx, res.msg); err != nil { // want `completions passed to CommitMessages in arrival order`
			log.Println("commit:", err)
		}
	}
}

// single is its twin: one worker finishes the records in fetch order.
func single(ctx context.Context, r *kafka.Reader) {
	jobs := make(chan kafka.Message, 100)
	results := make(chan result, 100)
	var wg sync.WaitGroup
	wg.Add(1)
	go soloWorker(ctx, jobs, results, &wg)
	go commitSingle(ctx, r, results)
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			break
		}
		jobs <- m
	}
	close(jobs)
	wg.Wait()
	close(results)
}

func soloWorker(ctx context.Context, jobs <-chan kafka.Message, results chan<- result, wg *sync.WaitGroup) {
	defer wg.Done()
	for m := range jobs {
		ok := save(ctx, m)
		select {
		case results <- result{msg: m, ok: ok}:
		case <-ctx.Done():
			return
		}
	}
}

func commitSingle(ctx context.Context, r *kafka.Reader, results <-chan result) {
	for res := range results {
		if !res.ok {
			continue
		}
		if err := r.CommitMessages(ctx, res.msg); err != nil {
			log.Println("commit:", err)
		}
	}
}

func run(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g", Topic: "t"})
	pool(ctx, r)
	single(ctx, r)
}

var _ = run
