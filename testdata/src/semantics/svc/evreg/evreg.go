// Package evreg registers the export handler through evloop's Registry
// interface; it has no consumer of its own. Its handler queues each
// payload for workers, so evloop's store after it returns may pass
// messages still queued.
package evreg

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"semantics/svc/evloop"
)

// Wire registers a handler that queues the payload.
func Wire(r evloop.Registry, queue chan<- []byte) {
	r.Register(func(m *kafka.Message) error {
		queue <- m.Value
		return nil
	})
}
