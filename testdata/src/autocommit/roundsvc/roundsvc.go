// Package roundsvc processes each message of the consumer it is given in
// a goroutine. Its fix processes in place and stores after processing;
// the wiring's fix, which only that store draws, lets the store count:
// -fix applies both (audit 35c/D2: one run applied the first only, and
// every store failed).
package roundsvc

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Service applies messages.
type Service struct {
	c     *kafka.Consumer
	apply func(context.Context, []byte) error
}

// New returns a service reading from c.
func New(c *kafka.Consumer, apply func(context.Context, []byte) error) *Service {
	return &Service{c: c, apply: apply}
}

// Run applies each message until ctx ends.
func (s *Service) Run(ctx context.Context) {
	for ctx.Err() == nil {
		msg, err := s.c.ReadMessage(-1)
		if err != nil {
			continue
		}
		go func(m *kafka.Message) {
			if err := s.apply(ctx, m.Value); err != nil {
				log.Printf("apply: %v", err)
			}
		}(msg)
	}
}
