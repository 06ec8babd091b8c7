// Package received: services that receive their client from a wiring
// package, with its settings out of sight (issue #12 item 1). A service
// that never commits relies on the client's default auto-commit in a
// group: findings that hold under it are reported, saying so.
package received

import (
	"context"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Indexer receives its client in a field and indexes each record in a
// goroutine of its own.
type Indexer struct{ Client *kgo.Client }

func (ix *Indexer) Run(ctx context.Context, index func(*kgo.Record)) {
	for {
		fs := ix.Client.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		for _, r := range fs.Records() {
			go index(r) // want `record handed to a goroutine while the loop polls again: assuming a consumer group with the client's default auto-commit, which the service relies on \(it never commits\)`
		}
	}
}

// Consume receives its client as a parameter.
func Consume(ctx context.Context, cl *kgo.Client, deliver func(context.Context, *kgo.Record) error) {
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			go func() { // want `record handed to a goroutine while the loop polls again: assuming`
				_ = deliver(ctx, r)
			}()
		})
	}
}

// Feeder keeps the client its constructor receives.
type Feeder struct {
	cl   *kgo.Client
	feed func(*kgo.Record)
}

func NewFeeder(cl *kgo.Client, feed func(*kgo.Record)) *Feeder {
	return &Feeder{cl: cl, feed: feed}
}

func (f *Feeder) Run(ctx context.Context) {
	for ctx.Err() == nil {
		for _, r := range f.cl.PollFetches(ctx).Records() {
			go f.feed(r) // want `record handed to a goroutine while the loop polls again: assuming`
		}
	}
}

// PollWith builds its client from options its caller passes: they are
// out of sight as a received client's settings are.
func PollWith(ctx context.Context, index func(*kgo.Record), opts ...kgo.Opt) error {
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	defer cl.Close()
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			go index(r) // want `record handed to a goroutine while the loop polls again: assuming a consumer group`
		})
	}
	return nil
}

// PollMarked adds AutoCommitMarks to its caller's options and marks each
// record after processing it.
func PollMarked(ctx context.Context, index func(*kgo.Record), opts ...kgo.Opt) error {
	cl, err := kgo.NewClient(append(opts, kgo.AutoCommitMarks())...)
	if err != nil {
		return err
	}
	defer cl.Close()
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			go func() { // ok: the timer commits marked records only
				index(r)
				cl.MarkCommitRecords(r)
			}()
		})
	}
	return nil
}

// Joiner waits for its goroutines before polling again.
type Joiner struct{ Client *kgo.Client }

func (j *Joiner) Run(ctx context.Context, index func(*kgo.Record)) {
	for {
		fs := j.Client.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		var wg sync.WaitGroup
		for _, r := range fs.Records() {
			wg.Add(1)
			go func() { // ok: joined before the next poll
				defer wg.Done()
				index(r)
			}()
		}
		wg.Wait()
	}
}

// Handed passes its client on to a value it cannot see into, which may
// commit.
type Handed struct {
	Client *kgo.Client
	Stats  interface{ Watch(any) }
}

func (h *Handed) Run(ctx context.Context, index func(*kgo.Record)) {
	h.Stats.Watch(h.Client)
	for {
		fs := h.Client.PollFetches(ctx)
		for _, r := range fs.Records() {
			go index(r) // ok: the client is handed to something that may commit on it
		}
	}
}

// Flusher takes a method value of its client: the calls through it are
// out of sight.
type Flusher struct{ Client *kgo.Client }

func (fl *Flusher) Run(ctx context.Context, index func(*kgo.Record)) {
	flush := fl.Client.CommitUncommittedOffsets
	defer func() { _ = flush(ctx) }()
	for ctx.Err() == nil {
		for _, r := range fl.Client.PollFetches(ctx).Records() {
			go index(r) // ok: the client's method value may commit
		}
	}
}

// Pipeline receives its client and hands each record to workers that it
// starts, over a channel held in a field (issue #12): the fix counts the
// records on a WaitGroup the struct gains.
type Pipeline struct {
	Client *kgo.Client
	work   chan *kgo.Record
}

func NewPipeline(cl *kgo.Client) *Pipeline {
	return &Pipeline{Client: cl, work: make(chan *kgo.Record, 64)}
}

func (p *Pipeline) Start(workers int, index func(*kgo.Record)) {
	for i := 0; i < workers; i++ {
		go func() {
			for r := range p.work {
				index(r)
			}
		}()
	}
}

func (p *Pipeline) Run(ctx context.Context) {
	for ctx.Err() == nil {
		p.Client.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			p.work <- r // want `record handed to workers over a channel while the loop polls again: assuming a consumer group with the client's default auto-commit`
		})
	}
}

// WaitingPipeline counts the records it hands over and waits for its
// workers before each poll.
type WaitingPipeline struct {
	Client *kgo.Client
	wg     sync.WaitGroup
	work   chan *kgo.Record
}

func NewWaitingPipeline(cl *kgo.Client) *WaitingPipeline {
	return &WaitingPipeline{Client: cl, work: make(chan *kgo.Record, 64)}
}

func (p *WaitingPipeline) Start(index func(*kgo.Record)) {
	go func() {
		for r := range p.work {
			index(r)
			p.wg.Done()
		}
	}()
}

func (p *WaitingPipeline) Run(ctx context.Context) {
	for ctx.Err() == nil {
		p.Client.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			p.wg.Add(1)
			p.work <- r // ok: p.wg.Wait below runs before the next poll
		})
		p.wg.Wait()
	}
}
