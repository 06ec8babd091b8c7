package cases

import (
	"context"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"
)

// doneTracker keeps the highest offset its workers finished per
// partition (audit 31c/3 had it in another package).
type doneTracker struct {
	mu   sync.Mutex
	done map[int]int64
}

func (t *doneTracker) complete(p int, off int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if cur, ok := t.done[p]; !ok || off > cur {
		t.done[p] = off
	}
}

func (t *doneTracker) progress() map[int]int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make(map[int]int64, len(t.done))
	for p, o := range t.done {
		out[p] = o
	}
	return out
}

// TrackedLit fetches for four workers and commits, every second, messages
// it builds from the tracker's positions: the committed offsets are the
// application's, not records fetched and processed (the row read them as
// a batch committed after its processing).
func TrackedLit(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-trackedlit", Topic: "t-trackedlit"}) // case: trackedlit
	t := &doneTracker{done: map[int]int64{}}
	jobs := make(chan kafka.Message)
	for range 4 {
		go func() {
			for m := range jobs {
				apply(m.Value)
				t.complete(m.Partition, m.Offset)
			}
		}()
	}
	go func() {
		for range time.Tick(time.Second) {
			var msgs []kafka.Message
			for p, off := range t.progress() {
				msgs = append(msgs, kafka.Message{Topic: "t-trackedlit", Partition: p, Offset: off})
			}
			_ = r.CommitMessages(ctx, msgs...)
		}
	}()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		jobs <- m
	}
}
