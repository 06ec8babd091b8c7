// Package metrics is an in-house metrics package: with
// -ordering.ignore=ordering/metrics its calls are not processing.
package metrics

import (
	"time"

	"github.com/segmentio/kafka-go"
)

// Sink receives observations.
type Sink interface {
	Add(name string, v float64)
}

var sink Sink

// Observe records a message's size and age.
func Observe(m kafka.Message) {
	sink.Add("bytes", float64(len(m.Value)))
	sink.Add("age_seconds", time.Since(m.Time).Seconds())
}
