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
