// Package ignore is run with ordering.New(Config{Ignore:
// []string{"ordering/metrics"}}): a metrics call after the commit is not
// processing. TestIgnoreFlag runs it with the default analyzer too, which
// reports the commit before metrics.Observe.
package ignore

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"

	"ordering/metrics"
)

type event struct {
	ID string `json:"id"`
}

type store interface {
	Put(ctx context.Context, ev event) error
}

func put(ctx context.Context, s store, m kafka.Message) error {
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return err
	}
	return s.Put(ctx, ev)
}

// observed commits, then only records metrics.
func observed(ctx context.Context, r *kafka.Reader, s store) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := put(ctx, s, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: ordering/metrics is ignored
			return err
		}
		metrics.Observe(m)
	}
}

// stillProcessed: metrics are ignored, the store is not.
func stillProcessed(ctx context.Context, r *kafka.Reader, s store) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			return err
		}
		metrics.Observe(m)
		if err := put(ctx, s, m); err != nil {
			return err
		}
	}
}
