package cases

import (
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// A goroutine per message stores what the tracker a commitlint fix
// declares returns: a recognised low-water mark while the tracker is as
// the fix wrote it (edit.IsTracker).
func fixTracker() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-fixtracker", "enable.auto.offset.store": false}) // case: fixtracker
	tracker := newLowWaterTracker()
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		tp := lowWaterKey{Topic: *m.TopicPartition.Topic, Partition: m.TopicPartition.Partition}
		if !tracker.Start(tp, int64(m.TopicPartition.Offset)) {
			tracker.Forget(tp)
			tracker.Start(tp, int64(m.TopicPartition.Offset))
		}
		go func() {
			_ = apply(m)
			if next, ok := tracker.Done(tp, int64(m.TopicPartition.Offset)); ok {
				_, _ = c.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: kafka.Offset(next)}})
			}
		}()
	}
}

// lowWaterTracker keeps, for each partition, the offsets started and not
// yet done, so that the position written is a low-water mark: the next
// offset to read, below which every record is done. It is safe for
// concurrent use. (Added by a commitlint fix: commitlint recognises it as
// long as it is left as it is.)
type lowWaterTracker struct {
	mu    sync.Mutex
	parts map[lowWaterKey]*lowWaterPartition
}

// lowWaterKey names a partition.
type lowWaterKey struct {
	Topic     string
	Partition int32
}

// lowWaterPartition holds a partition's offsets from the oldest not done
// to the highest started, in increasing order, and which of them are done.
type lowWaterPartition struct {
	offsets []int64
	done    []bool
	next    int64 // the highest offset started, plus one
}

func newLowWaterTracker() *lowWaterTracker {
	return &lowWaterTracker{parts: make(map[lowWaterKey]*lowWaterPartition)}
}

// Start records offset as in flight on partition k. It returns false, and
// changes nothing, unless offset is above every offset started on k since
// k was last forgotten.
func (t *lowWaterTracker) Start(k lowWaterKey, offset int64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	p := t.parts[k]
	if p == nil {
		p = &lowWaterPartition{}
		t.parts[k] = p
	} else if offset < p.next {
		return false
	}
	p.offsets = append(p.offsets, offset)
	p.done = append(p.done, false)
	p.next = offset + 1
	return true
}

// Forget drops partition k, so that its next Start may take any offset.
func (t *lowWaterTracker) Forget(k lowWaterKey) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.parts, k)
}

// Done marks offset done on partition k and returns the partition's
// low-water mark: its oldest offset not done, or the highest started plus
// one. ok is true only when the mark advanced, so that there is a new
// position to write. An offset not in flight changes nothing.
func (t *lowWaterTracker) Done(k lowWaterKey, offset int64) (mark int64, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	p := t.parts[k]
	if p == nil {
		return 0, false
	}
	lo, hi := 0, len(p.offsets)
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); p.offsets[m] < offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(p.offsets) || p.offsets[lo] != offset || p.done[lo] {
		return p.mark(), false
	}
	p.done[lo] = true
	n := 0
	for n < len(p.done) && p.done[n] {
		n++
	}
	p.offsets, p.done = p.offsets[n:], p.done[n:]
	return p.mark(), n > 0
}

func (p *lowWaterPartition) mark() int64 {
	if len(p.offsets) > 0 {
		return p.offsets[0]
	}
	return p.next
}
