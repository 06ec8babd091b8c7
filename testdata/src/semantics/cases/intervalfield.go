package cases

import (
	"context"
	"time"

	kafkago "github.com/segmentio/kafka-go"
)

// A CommitInterval copied from a field of the caller's configuration,
// which every call in sight leaves at 0 (trial 28b/3): commits are
// synchronous, as with CommitInterval: 0 written in place (it said a
// background loop commits every interval set in code). Its twin passes 2s.
type readerSettings struct {
	Group          string
	CommitInterval time.Duration
}

func newSettingsReader(cfg readerSettings) *kafkago.Reader {
	return kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, Topic: "t", GroupID: cfg.Group, CommitInterval: cfg.CommitInterval}) // case: intervalfield
}

func newSettingsReaderTwin(cfg readerSettings) *kafkago.Reader {
	return kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, Topic: "t", GroupID: cfg.Group, CommitInterval: cfg.CommitInterval}) // case: intervalfieldset
}

func intervalField(ctx context.Context) {
	r := newSettingsReader(readerSettings{Group: "g-interval-field", CommitInterval: 0})
	r2 := newSettingsReaderTwin(readerSettings{Group: "g-interval-field-set", CommitInterval: 2 * time.Second})
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		_ = r.CommitMessages(ctx, m)
		m2, err := r2.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m2)
		_ = r2.CommitMessages(ctx, m2)
	}
}

var _ = intervalField

// A CommitInterval read from a configuration whose defaults a method sets
// before the read (review 28-3): not what the callers pass.
type defaultedSettings struct {
	Group          string
	CommitInterval time.Duration
}

func (s *defaultedSettings) defaults() {
	if s.CommitInterval == 0 {
		s.CommitInterval = 5 * time.Second
	}
}

func newDefaultedReader(cfg *defaultedSettings) *kafkago.Reader {
	cfg.defaults()
	return kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, Topic: "t", GroupID: cfg.Group, CommitInterval: cfg.CommitInterval}) // case: intervaldefaulted
}

func intervalDefaulted(ctx context.Context) {
	r := newDefaultedReader(&defaultedSettings{Group: "g-interval-defaulted"})
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		_ = r.CommitMessages(ctx, m)
	}
}

var _ = intervalDefaulted
