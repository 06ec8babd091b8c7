package cases

import (
	"context"
	"sync/atomic"

	kafkago "github.com/segmentio/kafka-go"
)

// offsetWatcher keeps the last offset it processed in an atomic field
// (for read-after-write waits, as mimir's reader does): a number, not the
// records, so nothing is buffered there.
type offsetWatcher struct {
	last atomic.Int64
}

func (w *offsetWatcher) run(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-offsetfield", Topic: "t"}) // case: offsetfield
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(m); err != nil {
			return err
		}
		w.last.Store(m.Offset)
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

var _ = (*offsetWatcher).run
