package cases

import (
	"context"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

// shutdownGuard stops on a failure only when the context is done: with a
// live context the failure is logged and the next message's commit
// passes it.
func shutdownGuard(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-guard", Topic: "t"}) // case: shutdownguard
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(m); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			log.Printf("apply %d: %v", m.Offset, err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// shutdownGuardStops stops on every failure, returning nil on a shutdown.
func shutdownGuardStops(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-guard-stops", Topic: "t"}) // case: shutdownguardstops
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(m); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
