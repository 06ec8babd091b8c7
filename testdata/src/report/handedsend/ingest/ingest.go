// Package ingest reads a reader its caller builds and hands each decoded
// event to a channel its caller drains.
package ingest

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

// Event is a decoded message.
type Event struct {
	Device string `json:"device"`
	Value  int64  `json:"value"`
}

// Service hands the events it decodes to Out.
type Service struct {
	r   *kafka.Reader
	Out chan<- Event
}

// New returns a service reading r.
func New(r *kafka.Reader, out chan<- Event) *Service { return &Service{r: r, Out: out} }

// Run fetches, dispatches and commits each message.
func (s *Service) Run(ctx context.Context) error {
	for {
		msg, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.dispatch(msg); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, msg); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// dispatch decodes the message and queues the event.
func (s *Service) dispatch(msg kafka.Message) error {
	var ev Event
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return err
	}
	s.Out <- ev
	return nil
}
