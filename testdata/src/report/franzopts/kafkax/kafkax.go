// Package kafkax builds franz-go clients, appending its own options to
// those its callers pass (OpenTelemetry's NewFranzConsumerGroup shape).
package kafkax

import (
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// NewMarking returns a group client committing marked records every
// second.
func NewMarking(topics []string, opts ...kgo.Opt) (*kgo.Client, error) {
	opts = append(opts,
		kgo.ConsumerGroup("spans"),
		kgo.ConsumeTopics(topics...),
		kgo.AutoCommitMarks(),
		kgo.AutoCommitInterval(time.Second),
	)
	return kgo.NewClient(opts...)
}

// NewGroup returns a group client with the options its caller passes.
func NewGroup(topics []string, opts ...kgo.Opt) (*kgo.Client, error) {
	opts = append(opts, kgo.ConsumerGroup("logs"), kgo.ConsumeTopics(topics...))
	return kgo.NewClient(opts...)
}
