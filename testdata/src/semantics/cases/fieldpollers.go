package cases

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// pollSource keeps the client its workers poll in a field.
type pollSource struct {
	workers int
	client  *kgo.Client
}

// run starts the workers, each polling the one client of the source:
// under the default auto-commit another worker's poll makes a poll still
// being processed committable.
func (s *pollSource) run(ctx context.Context) {
	var wg sync.WaitGroup
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				fs := s.client.PollFetches(ctx)
				fs.EachRecord(func(r *kgo.Record) {
					if err := apply(r); err != nil {
						log.Print(err)
					}
				})
			}
		}()
	}
	wg.Wait()
}

// onePoller keeps the client its one worker polls in a field.
type onePoller struct{ client *kgo.Client }

// run starts one worker polling the client.
func (s *onePoller) run(ctx context.Context) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			fs := s.client.PollFetches(ctx)
			fs.EachRecord(func(r *kgo.Record) {
				_ = apply(r)
			})
		}
	}()
	<-done
}

func fieldPollers(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-field-pollers"), kgo.ConsumeTopics("t")) // case: fieldpollers
	if err != nil {
		return err
	}
	(&pollSource{workers: 4, client: cl}).run(ctx)
	return nil
}

func fieldPoller(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-field-poller"), kgo.ConsumeTopics("t")) // case: fieldpoller
	if err != nil {
		return err
	}
	(&onePoller{client: cl}).run(ctx)
	return nil
}

// ownWorker holds a client of its own, which its one goroutine polls.
type ownWorker struct{ client *kgo.Client }

func newOwnWorker(topic string) (*ownWorker, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-own-"+topic), kgo.ConsumeTopics(topic)) // case: ownworkers
	if err != nil {
		return nil, err
	}
	return &ownWorker{client: cl}, nil
}

func (w *ownWorker) run(ctx context.Context) {
	for ctx.Err() == nil {
		fs := w.client.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// ownWorkers starts a worker per topic, each with its own client: no
// client is polled by two goroutines.
func ownWorkers(ctx context.Context, topics []string) {
	for _, t := range topics {
		w, err := newOwnWorker(t)
		if err != nil {
			return
		}
		go w.run(ctx)
	}
	<-ctx.Done()
}

var _, _, _ = fieldPollers, fieldPoller, ownWorkers
