// Package evsvc is a service core whose methods the wiring passes to
// evloop as method values: Orders updates each order in place, Outbox
// queues the payload for a worker and returns.
package evsvc

import (
	"context"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Orders applies status updates.
type Orders struct{ applied map[string]string }

// UpdateStatus applies the message's status before it returns.
func (o *Orders) UpdateStatus(_ context.Context, m *kafka.Message) {
	o.applied[string(m.Key)] = string(m.Value)
}

// Outbox queues payloads for its sender goroutine.
type Outbox struct{ pending chan []byte }

// Enqueue queues the message's payload and returns at once.
func (o *Outbox) Enqueue(_ context.Context, m *kafka.Message) { o.pending <- m.Value }
