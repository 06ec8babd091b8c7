// Package franzqueue: franz-go records handed, in the poll loop, to a
// method that only queues a copy of them on a field's channel for workers
// the constructor starts. franz-go's default auto-commit commits every
// poll before the latest, so the next poll makes the queued records
// committable while they may still wait for a worker.
package franzqueue

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

type entry struct {
	key, value []byte
}

type sink interface{ Write(key, value []byte) error }

type pipeline struct {
	queue chan entry
	out   sink
}

func newPipeline(out sink) *pipeline {
	p := &pipeline{queue: make(chan entry, 1024), out: out}
	go func() {
		for e := range p.queue {
			if err := p.out.Write(e.key, e.value); err != nil {
				log.Printf("write: %v", err)
			}
		}
	}()
	return p
}

// push only queues a copy of the record.
func (p *pipeline) push(r *kgo.Record) {
	p.queue <- entry{key: r.Key, value: r.Value}
}

// write writes the record in place.
func (p *pipeline) write(r *kgo.Record) error {
	return p.out.Write(r.Key, r.Value)
}

func newClient() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("archiver"), kgo.ConsumeTopics("events"))
}

// archive passes the method value to EachRecord.
func archive(ctx context.Context, out sink) error {
	cl, err := newClient()
	if err != nil {
		return err
	}
	p := newPipeline(out)
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(p.push) // want `record handed to franzqueue.pipeline.push, which only queues it for later work, while the loop polls again`
	}
}

type service struct {
	cl *kgo.Client
	p  *pipeline
}

// run calls the method with each record, behind a select prologue.
func (s *service) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		fetches := s.cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			s.p.push(r) // want `record handed to franzqueue.pipeline.push, which only queues it for later work`
		}
	}
}

// written is archive's twin: each record is written before the next poll.
func written(ctx context.Context, out sink) error {
	cl, err := newClient()
	if err != nil {
		return err
	}
	p := newPipeline(out)
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := p.write(r); err != nil {
				log.Printf("write: %v", err)
			}
		}
	}
}

// tracked counts the entries its workers have not written yet.
type tracked struct {
	queue chan entry
	out   sink
	wg    sync.WaitGroup
}

func newTracked(out sink) *tracked {
	t := &tracked{queue: make(chan entry, 1024), out: out}
	go func() {
		for e := range t.queue {
			if err := t.out.Write(e.key, e.value); err != nil {
				log.Printf("write: %v", err)
			}
			t.wg.Done()
		}
	}()
	return t
}

func (t *tracked) push(r *kgo.Record) {
	t.wg.Add(1)
	t.queue <- entry{key: r.Key, value: r.Value}
}

// waited is archive's twin: the loop waits for the workers to write the
// poll's records before it polls again.
func waited(ctx context.Context, out sink) error {
	cl, err := newClient()
	if err != nil {
		return err
	}
	t := newTracked(out)
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(t.push)
		t.wg.Wait()
	}
}

// generator polls once per call of readOnce, which its caller's loop
// makes: the next call polls again while the workers still hold the
// records sent on the field's channel.
type generator struct {
	cl *kgo.Client
	ch chan *kgo.Record
	wg sync.WaitGroup
}

func (g *generator) worker(out sink) {
	defer g.wg.Done()
	for r := range g.ch {
		if err := out.Write(r.Key, r.Value); err != nil {
			log.Printf("write: %v", err)
		}
	}
}

func (g *generator) readOnce(ctx context.Context) {
	fetches := g.cl.PollFetches(ctx)
	for _, r := range fetches.Records() {
		g.ch <- r // want `record handed to workers over a channel while the loop polls again`
	}
}

func generate(ctx context.Context, out sink) error {
	cl, err := newClient()
	if err != nil {
		return err
	}
	g := &generator{cl: cl, ch: make(chan *kgo.Record, 16)}
	for range 4 {
		g.wg.Add(1)
		go g.worker(out)
	}
	for ctx.Err() == nil {
		g.readOnce(ctx)
	}
	close(g.ch)
	g.wg.Wait()
	return nil
}

// drained is generator's twin whose poll function is called once: the
// workers are waited for before the client is closed, and nothing polls
// again.
type drained struct {
	cl *kgo.Client
	ch chan *kgo.Record
	wg sync.WaitGroup
}

func (d *drained) worker(out sink) {
	defer d.wg.Done()
	for r := range d.ch {
		if err := out.Write(r.Key, r.Value); err != nil {
			log.Printf("write: %v", err)
		}
	}
}

func (d *drained) readOnce(ctx context.Context) {
	fetches := d.cl.PollFetches(ctx)
	for _, r := range fetches.Records() {
		d.ch <- r
	}
}

func drainOnce(ctx context.Context, out sink) error {
	cl, err := newClient()
	if err != nil {
		return err
	}
	d := &drained{cl: cl, ch: make(chan *kgo.Record, 16)}
	for range 4 {
		d.wg.Add(1)
		go d.worker(out)
	}
	d.readOnce(ctx)
	close(d.ch)
	d.wg.Wait()
	cl.Close()
	return nil
}

// perCall starts a goroutine per record of its one poll; its caller waits
// for them before it calls it, and so polls, again.
type perCall struct {
	cl *kgo.Client
	wg sync.WaitGroup
}

func (p *perCall) readOnce(ctx context.Context, out sink) {
	for _, r := range p.cl.PollFetches(ctx).Records() {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			if err := out.Write(r.Key, r.Value); err != nil {
				log.Printf("write: %v", err)
			}
		}()
	}
}

func runPerCall(ctx context.Context, out sink) error {
	cl, err := newClient()
	if err != nil {
		return err
	}
	p := &perCall{cl: cl}
	for ctx.Err() == nil {
		p.readOnce(ctx, out)
		p.wg.Wait()
	}
	return nil
}
