package cases

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"
)

type takeBatcher struct {
	r   *kafkago.Reader
	buf []kafkago.Message
}

// flush takes the buffer (the field reset to nil, which keeps nothing),
// applies every message taken and commits them after.
func (b *takeBatcher) flush(ctx context.Context) error {
	batch := b.buf
	b.buf = nil
	for _, m := range batch {
		if err := apply(m); err != nil {
			return err
		}
	}
	if len(batch) > 0 {
		return b.r.CommitMessages(ctx, batch...)
	}
	return nil
}

func runTakeBatcher(ctx context.Context) {
	b := &takeBatcher{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-takebatch", Topic: "t"})} // case: takebatch
	for {
		m, err := b.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		b.buf = append(b.buf, m)
		if len(b.buf) < 100 {
			continue
		}
		if err := b.flush(ctx); err != nil {
			return
		}
	}
}

var _ = runTakeBatcher
