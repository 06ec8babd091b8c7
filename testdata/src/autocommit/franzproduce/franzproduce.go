// Package franzproduce: records produced asynchronously (franz-go Produce)
// from a poll's records while the loop polls again. franz-go's default
// auto-commit commits every poll before the latest, so the next poll makes
// the consumed record committable while the record produced from it may
// still be queued in the producer.
package franzproduce

import (
	"context"
	"errors"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

var errRetryable = errors.New("retryable")

type relay struct {
	consumer *kgo.Client
	producer *kgo.Client
}

func apply(r *kgo.Record) error {
	if len(r.Value) == 0 {
		return errRetryable
	}
	return nil
}

func newConsumer() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("orders"), kgo.ConsumeTopics("orders"))
}

// deadLetters sends failed records to a DLQ with a nil callback, behind a
// select prologue.
func (s *relay) deadLetters(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
			fetches := s.consumer.PollFetches(ctx)
			if fetches.IsClientClosed() {
				return
			}
			fetches.EachPartition(func(p kgo.FetchTopicPartition) {
				for _, rec := range p.Records {
					if err := apply(rec); err != nil {
						s.producer.Produce(ctx, &kgo.Record{Topic: "orders.dlq", Key: rec.Key, Value: rec.Value}, nil) // want `record produced asynchronously while the loop polls again`
					}
				}
			})
		}
	}
}

// transform produces a copy of every record, its delivery error logged.
func (s *relay) transform(ctx context.Context) error {
	for {
		fetches := s.consumer.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			out := &kgo.Record{Topic: "orders.v2", Key: r.Key, Value: r.Value}
			s.producer.Produce(ctx, out, func(_ *kgo.Record, err error) { // want `record produced asynchronously while the loop polls again`
				if err != nil {
					log.Printf("produce: %v", err)
				}
			})
		})
	}
}

// forward produces the record it is given; the poll loop calls it.
func (s *relay) forward(ctx context.Context, r *kgo.Record) {
	s.producer.Produce(ctx, &kgo.Record{Topic: "audit", Value: r.Value}, func(_ *kgo.Record, err error) { // want `record produced asynchronously while the loop polls again`
		if err != nil {
			log.Printf("audit: %v", err)
		}
	})
}

func (s *relay) viaHelper(ctx context.Context) {
	for ctx.Err() == nil {
		fetches := s.consumer.PollFetches(ctx)
		for _, r := range fetches.Records() {
			s.forward(ctx, r)
		}
	}
}

// flushed: the producer is flushed before the next poll.
func (s *relay) flushed(ctx context.Context) error {
	for {
		fetches := s.consumer.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			s.producer.Produce(ctx, &kgo.Record{Topic: "orders.v2", Value: r.Value}, nil)
		})
		if err := s.producer.Flush(ctx); err != nil {
			return err
		}
	}
}

// synchronous: ProduceSync waits for each delivery.
func (s *relay) synchronous(ctx context.Context) {
	for {
		fetches := s.consumer.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := s.producer.ProduceSync(ctx, &kgo.Record{Topic: "orders.v2", Value: r.Value}).FirstErr(); err != nil {
				log.Printf("produce: %v", err)
			}
		})
	}
}

// awaited: each delivery callback counts itself done, and the loop waits
// for them before it polls again.
func (s *relay) awaited(ctx context.Context) {
	for {
		fetches := s.consumer.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		var wg sync.WaitGroup
		fetches.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			s.producer.Produce(ctx, &kgo.Record{Topic: "orders.v2", Value: r.Value}, func(_ *kgo.Record, err error) {
				defer wg.Done()
				if err != nil {
					log.Printf("produce: %v", err)
				}
			})
		})
		wg.Wait()
	}
}

// heartbeat produces nothing made from the records: a count of them.
func (s *relay) heartbeat(ctx context.Context) {
	for {
		fetches := s.consumer.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		s.producer.Produce(ctx, &kgo.Record{Topic: "heartbeat", Value: []byte("alive")}, nil)
	}
}

func Run(ctx context.Context) {
	c, err := newConsumer()
	if err != nil {
		return
	}
	p, err := kgo.NewClient()
	if err != nil {
		return
	}
	s := &relay{consumer: c, producer: p}
	go s.deadLetters(ctx)
	go s.viaHelper(ctx)
	go s.flushed(ctx)
	go s.synchronous(ctx)
	go s.awaited(ctx)
	go s.heartbeat(ctx)
	_ = s.transform(ctx)
}
