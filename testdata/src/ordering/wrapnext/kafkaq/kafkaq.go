// Package kafkaq hands the service deliveries from a kafka-go reader: Next
// fetches one, Ack commits it once its caller has handled it (audit
// 37b/D4: its callers in other packages were not checked).
package kafkaq

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Delivery is one message of the stream.
type Delivery struct {
	Key, Body []byte
	msg       kafka.Message
}

// Stream reads deliveries.
type Stream struct {
	r *kafka.Reader
}

// New returns a stream over r.
func New(r *kafka.Reader) *Stream { return &Stream{r: r} }

// Next returns the next delivery.
func (s *Stream) Next(ctx context.Context) (Delivery, error) { // want Next:`returnsFetched\(\[0\], FetchMessage\)`
	m, err := s.r.FetchMessage(ctx)
	if err != nil {
		return Delivery{}, err
	}
	return Delivery{Key: m.Key, Body: m.Value, msg: m}, nil
}

// Ack commits d.
func (s *Stream) Ack(ctx context.Context, d Delivery) error { // want Ack:`commitsParam\(1, CommitMessages\)`
	return s.r.CommitMessages(ctx, d.msg)
}
