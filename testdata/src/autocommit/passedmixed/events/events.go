// Package events reads events with a kafka-go reader built from the // want package:`configFindings\(param:autocommit/passedmixed/events\.NewEvents#0\[async-commit=false,group=true\]:read-commits-first.*`
// configuration its caller passes (autocommit/passedmixed/cmd): whether the
// reader is in a group is decided there.
package events

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"

	"autocommit/passedmixed/ledger"
)

// Events records in the ledger the events its reader reads.
type Events struct {
	r *kafkago.Reader
}

// NewEvents reads with cfg.
func NewEvents(cfg kafkago.ReaderConfig) *Events {
	return &Events{r: kafkago.NewReader(cfg)}
}

// Run records each event.
func (e *Events) Run(ctx context.Context) error {
	for {
		m, err := e.r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := ledger.Save(m.Value); err != nil {
			return err
		}
	}
}
