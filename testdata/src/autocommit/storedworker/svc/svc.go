// Package svc receives a confluent consumer through its constructor; its
// loop queues each message for a worker that stores it once notified,
// and a ticker commits the stored offsets (audit 36b/D4: with auto-store
// left on where the consumer is built, 62 of 300 lost, no finding).
package svc

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Notifier delivers one notification.
type Notifier interface {
	Notify(ctx context.Context, to, body []byte) error
}

// Service polls and queues; its worker notifies and stores.
type Service struct {
	c     *kafka.Consumer
	n     Notifier
	queue chan *kafka.Message
	errs  chan error
}

// New returns a service consuming from c.
func New(c *kafka.Consumer, n Notifier) *Service { // want New:`storesRace\(Commit commits them while the goroutines the messages are handed to still process them\)`
	return &Service{c: c, n: n, queue: make(chan *kafka.Message, 64), errs: make(chan error, 1)}
}

// Run polls, queues, and commits every 300ms.
func (s *Service) Run(ctx context.Context) error {
	go s.work(ctx)
	tick := time.NewTicker(300 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
			if _, err := s.c.Commit(); err != nil {
				log.Printf("commit: %v", err)
			}
		case err := <-s.errs:
			log.Printf("worker: %v", err) // a failure report, no join (review 36-2/D11)
		default:
		}
		if m, ok := s.c.Poll(100).(*kafka.Message); ok {
			s.queue <- m
		}
	}
}

func (s *Service) work(ctx context.Context) {
	for m := range s.queue {
		for s.n.Notify(ctx, m.Key, m.Value) != nil {
			time.Sleep(100 * time.Millisecond)
		}
		if _, err := s.c.StoreMessage(m); err != nil {
			s.errs <- err
		}
	}
}
