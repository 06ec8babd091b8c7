// Package maxcollector holds hiwater cases of worker pools kept in a
// struct: the workers range over a channel field of their receiver, each
// started by a function literal calling the worker method, and a collector
// goroutine keeps the highest completed record per partition from a done
// channel, which a ticker in the loop commits (audit 30c/3: silent, the
// report unknown).
package maxcollector

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

func index(ctx context.Context, r *kgo.Record) error { return nil }

type part struct {
	topic string
	id    int32
}

// Indexer feeds records to its workers and commits, on each tick, the
// newest record its collector saw finish in each partition.
type Indexer struct {
	cl      *kgo.Client
	workers int
	jobs    chan *kgo.Record
	done    chan *kgo.Record

	mu      sync.Mutex
	highest map[part]*kgo.Record
}

// Run polls until ctx is done.
func (x *Indexer) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for i := 0; i < x.workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x.work(ctx)
		}()
	}
	go x.collect(ctx)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			close(x.jobs)
			wg.Wait()
			x.flush(context.Background())
			return
		case <-tick.C:
			x.flush(ctx)
		default:
		}
		x.cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			x.jobs <- r
		})
	}
}

func (x *Indexer) work(ctx context.Context) {
	for r := range x.jobs {
		if err := index(ctx, r); err != nil {
			log.Printf("index: %v", err)
		}
		x.done <- r
	}
}

// collect keeps the newest record of each partition that a worker
// finished: the records come in completion order.
func (x *Indexer) collect(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case r := <-x.done:
			x.mu.Lock()
			k := part{r.Topic, r.Partition}
			if cur, ok := x.highest[k]; !ok || r.Offset > cur.Offset {
				x.highest[k] = r
			}
			x.mu.Unlock()
		}
	}
}

func (x *Indexer) flush(ctx context.Context) {
	x.mu.Lock()
	recs := make([]*kgo.Record, 0, len(x.highest))
	for _, r := range x.highest {
		recs = append(recs, r)
	}
	x.mu.Unlock()
	if err := x.cl.CommitRecords(ctx, recs...); err != nil { // want `highest completed offset passed to CommitRecords`
		log.Printf("commit: %v", err)
	}
}

// Marker is the same pool, each worker marking the record it finished.
type Marker struct {
	cl      *kgo.Client
	workers int
	jobs    chan *kgo.Record
}

// Run polls until ctx is done.
func (m *Marker) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for i := 0; i < m.workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.work(ctx)
		}()
	}
	for ctx.Err() == nil {
		m.cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			m.jobs <- r
		})
	}
	close(m.jobs)
	wg.Wait()
}

func (m *Marker) work(ctx context.Context) {
	for r := range m.jobs {
		if err := index(ctx, r); err != nil {
			log.Printf("index: %v", err)
			continue
		}
		if err := m.cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords from a pool of workers`
			log.Printf("commit: %v", err)
		}
	}
}

// Single is the collector's shape with one worker: records finish in
// order, so the newest finished is the low-water mark.
type Single struct {
	cl      *kgo.Client
	jobs    chan *kgo.Record
	done    chan *kgo.Record
	mu      sync.Mutex
	highest map[part]*kgo.Record
}

// Run polls until ctx is done.
func (s *Single) Run(ctx context.Context) {
	go func() {
		s.work(ctx)
	}()
	go s.collect(ctx)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			s.flush(ctx)
		default:
		}
		s.cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			s.jobs <- r
		})
	}
}

func (s *Single) work(ctx context.Context) {
	for r := range s.jobs {
		if err := index(ctx, r); err != nil {
			log.Printf("index: %v", err)
		}
		s.done <- r
	}
}

func (s *Single) collect(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case r := <-s.done:
			s.mu.Lock()
			k := part{r.Topic, r.Partition}
			if cur, ok := s.highest[k]; !ok || r.Offset > cur.Offset {
				s.highest[k] = r
			}
			s.mu.Unlock()
		}
	}
}

func (s *Single) flush(ctx context.Context) {
	s.mu.Lock()
	recs := make([]*kgo.Record, 0, len(s.highest))
	for _, r := range s.highest {
		recs = append(recs, r)
	}
	s.mu.Unlock()
	if err := s.cl.CommitRecords(ctx, recs...); err != nil { // ok: one worker, records finish in order
		log.Printf("commit: %v", err)
	}
}

// Drained commits the collector's maxima only once the workers are done
// and the collector has seen every completion.
type Drained struct {
	cl      *kgo.Client
	workers int
	jobs    chan *kgo.Record
	done    chan *kgo.Record
	highest map[part]*kgo.Record
}

// Run polls one batch at a time and commits after the workers drained it.
func (d *Drained) Run(ctx context.Context) {
	for ctx.Err() == nil {
		d.jobs = make(chan *kgo.Record)
		d.done = make(chan *kgo.Record)
		var wg sync.WaitGroup
		for i := 0; i < d.workers; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d.work(ctx)
			}()
		}
		collected := make(chan struct{})
		go func() {
			d.collect()
			close(collected)
		}()
		d.cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			d.jobs <- r
		})
		close(d.jobs)
		wg.Wait()
		close(d.done)
		<-collected
		recs := make([]*kgo.Record, 0, len(d.highest))
		for _, r := range d.highest {
			recs = append(recs, r)
		}
		if err := d.cl.CommitRecords(ctx, recs...); err != nil { // ok: after the workers and the collector are done
			log.Printf("commit: %v", err)
		}
	}
}

func (d *Drained) work(ctx context.Context) {
	for r := range d.jobs {
		if err := index(ctx, r); err != nil {
			log.Printf("index: %v", err)
		}
		d.done <- r
	}
}

func (d *Drained) collect() {
	for r := range d.done {
		k := part{r.Topic, r.Partition}
		if cur, ok := d.highest[k]; !ok || r.Offset > cur.Offset {
			d.highest[k] = r
		}
	}
}
