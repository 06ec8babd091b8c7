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

var _, _ = fieldPollers, fieldPoller
