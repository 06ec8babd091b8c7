// Package e2e runs the consumer against a recorder in place of the core.
package e2e

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"ordering/xport/consumer"
	"ordering/xport/porttest"
)

// Start runs the consumer with a test double: ok, a fake of a test-like
// package recording payloads on a channel is not a worker pool.
func Start(ctx context.Context, cl *kgo.Client) *porttest.Recorder {
	rec := porttest.NewRecorder()
	go consumer.NewConsumer(cl, rec).StartConsumer(ctx) // ok: porttest is a test double's package
	return rec
}
