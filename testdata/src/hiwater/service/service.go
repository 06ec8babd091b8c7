// Package service holds hiwater cases shaped like services: consumers kept
// in struct fields with their configuration built elsewhere, poll loops in
// methods that start with a select prologue, positions kept by methods.
package service

import (
	"context"
	"log"
	"sync"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

func write(ctx context.Context, m *kafka.Message) error { return nil }

func apply(ctx context.Context, r *kgo.Record) error { return nil }

// Writer holds a consumer built by the caller, from a configuration the
// analysis cannot see.
type Writer struct {
	c *kafka.Consumer
}

// Run stores each message's offset from a goroutine per message. StoreMessage
// only works with auto-store off, so that is what the author meant, and then
// the stores race: a higher offset is stored while lower ones are in flight.
func (w *Writer) Run(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := w.c.ReadMessage(-1)
		if err != nil {
			continue
		}
		go func() {
			if err := write(ctx, m); err != nil {
				log.Printf("write: %v", err)
				return
			}
			_, _ = w.c.StoreMessage(m) // want `call to StoreMessage from a per-record goroutine: .* \(at-most-once\); this assumes enable.auto.offset.store is off, as calling StoreMessage implies`
		}()
	}
}

// RunSequential stores after each write, in order: silent.
func (w *Writer) RunSequential(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := w.c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := write(ctx, m); err != nil {
			log.Printf("write: %v", err)
			continue
		}
		_, _ = w.c.StoreMessage(m) // ok: sequential
	}
}

// Indexer is a franz-go service whose poll loop starts with a non-blocking
// check of an error channel.
type Indexer struct {
	cl   *kgo.Client
	errs chan error
}

// NewIndexer returns an indexer of the records cl polls, with room for
// one failure.
func NewIndexer(cl *kgo.Client) *Indexer {
	return &Indexer{cl: cl, errs: make(chan error, 1)}
}

// Run commits each record from its own goroutine.
func (ix *Indexer) Run(ctx context.Context) error {
	for {
		select {
		case err := <-ix.errs:
			return err
		default:
		}
		fetches := ix.cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			go func() {
				if err := apply(ctx, r); err != nil {
					ix.errs <- err
					return
				}
				if err := ix.cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords from a per-record goroutine`
					ix.errs <- err
				}
			}()
		})
	}
}

// RunJoined waits for the batch before the next poll and commits it: silent.
func (ix *Indexer) RunJoined(ctx context.Context) error {
	for {
		select {
		case err := <-ix.errs:
			return err
		default:
		}
		fetches := ix.cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fetches.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = apply(ctx, r)
			}()
		})
		wg.Wait()
		if err := ix.cl.CommitRecords(ctx, fetches.Records()...); err != nil { // ok: after the join
			return err
		}
	}
}

// progress keeps the highest offset finished: a maximum, kept by a method.
type progress struct {
	mu  sync.Mutex
	max int64
}

func (p *progress) finished(off int64) int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if off > p.max {
		p.max = off
	}
	return p.max
}

// RunMax commits the maximum finished offset from per-record goroutines.
func (ix *Indexer) RunMax(ctx context.Context, p *progress) {
	for {
		fetches := ix.cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			go func() {
				_ = apply(ctx, r)
				hi := p.finished(r.Offset)
				ix.cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {Epoch: -1, Offset: hi + 1}}}) // want `highest completed offset passed to MarkCommitOffsets: .*; this assumes kgo.AutoCommitMarks\(\) is set, as calling MarkCommitOffsets implies`
			}()
		})
	}
}

// RunMaxSequential keeps the same maximum, but records are applied one at a
// time: the maximum is the last record applied.
func (ix *Indexer) RunMaxSequential(ctx context.Context, p *progress) {
	for {
		fetches := ix.cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			_ = apply(ctx, r)
			hi := p.finished(r.Offset)
			ix.cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {Epoch: -1, Offset: hi + 1}}}) // ok: sequential
		})
	}
}

// inFlight keeps the lowest offset still in flight: a minimum, not a
// maximum.
type inFlight struct {
	mu  sync.Mutex
	low int64
}

func (f *inFlight) lowest(off int64) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	if off < f.low {
		f.low = off
	}
	return f.low
}

// RunMin marks a minimum kept by a method: silent for hiwater (the report
// calls such a position unproven, see internal/semantics).
func (ix *Indexer) RunMin(ctx context.Context, f *inFlight) {
	for {
		fetches := ix.cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			go func() {
				_ = apply(ctx, r)
				lo := f.lowest(r.Offset)
				ix.cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {Epoch: -1, Offset: lo}}}) // ok: a minimum
			}()
		})
	}
}
