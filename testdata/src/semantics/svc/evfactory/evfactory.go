// Package evfactory builds the audit handler the wiring passes to evloop:
// a handler factory, whose function value is followed through its result.
package evfactory

import (
	"context"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Handler returns a handler that audits each message in place.
func Handler(name string) func(context.Context, *kafka.Message) {
	return func(_ context.Context, m *kafka.Message) {
		_, _ = name, m.Value
	}
}
