// Package knobwire passes constant commit intervals to knobwrap's
// constructors and consumes from both readers.
package knobwire

import (
	"context"
	"os"
	"time"

	"github.com/segmentio/kafka-go"

	"semantics/svc/knobwrap"
)

func consume(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := os.WriteFile(string(m.Key), m.Value, 0o644); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Run consumes from both readers.
func Run(ctx context.Context) {
	go consume(ctx, knobwrap.NewSync("a", 0))
	_ = consume(ctx, knobwrap.NewTimed("b", time.Second))
}
