// Package hforders holds the handlers the wiring registers: Orders logs a
// failed save and returns, dropping the record and the rest of the poll
// (the next poll makes them committable: lost without a crash, trial
// 39a/D2); Payments stops the process.
package hforders

import (
	"context"
	"errors"
	"log"
	"log/slog"

	"github.com/twmb/franz-go/pkg/kgo"
)

func save(v []byte) error {
	if len(v) == 0 {
		return errors.New("empty")
	}
	return nil
}

// Orders saves orders.
type Orders struct{}

// Handle saves each record, logging a failure.
func (Orders) Handle(_ context.Context, recs ...*kgo.Record) {
	for _, r := range recs {
		if err := save(r.Value); err != nil {
			slog.Error("save order", "offset", r.Offset, "error", err)
			return
		}
	}
}

// Payments saves payments.
type Payments struct{}

// Handle saves each record, stopping the process on a failure.
func (Payments) Handle(_ context.Context, recs ...*kgo.Record) {
	for _, r := range recs {
		if err := save(r.Value); err != nil {
			log.Fatalf("save payment at %d: %v", r.Offset, err)
		}
	}
}
