// Package mintracker holds franz-go consumers that process each record in
// a goroutine of its own and mark a position their tracker computes. The
// highest completed offset passes records still in flight; the least of it
// and the offsets in flight does not, and is the tracker's to get right.
package mintracker

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// tracker keeps, per partition, the offsets in flight and the highest
// one done.
type tracker struct {
	mu       sync.Mutex
	inflight map[int32]map[int64]bool
	maxDone  map[int32]int64
}

// highTracker keeps the highest offset done, per partition.
type highTracker struct {
	mu      sync.Mutex
	maxDone map[int32]int64
}

// highest returns the offset after the highest one done.
func (t *highTracker) highest(r *kgo.Record) int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.maxDone[r.Partition] = max(t.maxDone[r.Partition], r.Offset)
	return t.maxDone[r.Partition] + 1
}

func (t *tracker) start(r *kgo.Record) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.inflight[r.Partition] == nil {
		t.inflight[r.Partition] = map[int64]bool{}
	}
	t.inflight[r.Partition][r.Offset] = true
}

// lowest returns the first offset not yet done: the least of the offset
// after the highest one done and the offsets in flight.
func (t *tracker) lowest(r *kgo.Record) int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.inflight[r.Partition], r.Offset)
	t.maxDone[r.Partition] = max(t.maxDone[r.Partition], r.Offset)
	low := t.maxDone[r.Partition] + 1
	for off := range t.inflight[r.Partition] {
		low = min(low, off)
	}
	return low
}

// Notifier sends an e-mail for each record, one goroutine each.
type Notifier struct {
	cl   *kgo.Client
	t    *tracker
	h    *highTracker
	send func(context.Context, *kgo.Record) error
}

// RunHighest marks the highest completed offset.
func (n *Notifier) RunHighest(ctx context.Context) {
	for ctx.Err() == nil {
		fetches := n.cl.PollRecords(ctx, 64)
		for _, r := range fetches.Records() {
			go func(r *kgo.Record) {
				if err := n.send(ctx, r); err != nil {
					log.Printf("offset %d held: %v", r.Offset, err)
					return
				}
				n.cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{ // want `highest completed offset passed to MarkCommitOffsets`
					r.Topic: {r.Partition: {Epoch: r.LeaderEpoch, Offset: n.h.highest(r)}}})
			}(r)
		}
	}
}

// RunLowest marks the tracker's low-water mark.
func (n *Notifier) RunLowest(ctx context.Context) {
	for ctx.Err() == nil {
		fetches := n.cl.PollRecords(ctx, 64)
		for _, r := range fetches.Records() {
			n.t.start(r)
			go func(r *kgo.Record) {
				if err := n.send(ctx, r); err != nil {
					log.Printf("offset %d held: %v", r.Offset, err)
					return
				}
				n.cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{ // ok: the least of the maximum and the offsets in flight
					r.Topic: {r.Partition: {Epoch: r.LeaderEpoch, Offset: n.t.lowest(r)}}})
			}(r)
		}
	}
}

// New builds the client with marked auto-commit.
func New(send func(context.Context, *kgo.Record) error) (*Notifier, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("notify"), kgo.ConsumeTopics("orders"), kgo.AutoCommitMarks())
	if err != nil {
		return nil, err
	}
	return &Notifier{cl: cl, t: &tracker{inflight: map[int32]map[int64]bool{}, maxDone: map[int32]int64{}}, h: &highTracker{maxDone: map[int32]int64{}}, send: send}, nil
}
