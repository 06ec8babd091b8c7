// Package knobwrap builds kafka-go readers whose commit interval is a
// parameter: the wiring's constants decide whether commits are
// synchronous (audit 34e/D7: a wrapper given 0 was taken as
// asynchronous).
package knobwrap

import (
	"time"

	"github.com/segmentio/kafka-go"
)

// NewSync builds the reader the wiring gives 0.
func NewSync(topic string, every time.Duration) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{GroupID: "g-knobsync", Topic: topic, CommitInterval: every}) // case: knobsync
}

// NewTimed builds the reader the wiring gives a second.
func NewTimed(topic string, every time.Duration) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{GroupID: "g-knobtimed", Topic: topic, CommitInterval: every}) // case: knobtimed
}
