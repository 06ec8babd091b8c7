package autocommit_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// queuedNoFixSrc hands each polled record to a method that only queues a
// copy of it, drained by a worker that writes to a file its constructor
// was given: the worker's body names a variable the method cannot see, so
// it cannot run in place of the send; and to one whose workers are a pool,
// whose work in place would be serial. Neither finding has a fix; each
// says why.
const queuedNoFixSrc = `package queuednofix

import (
	"context"
	"log"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

type message struct{ value []byte }

type pipeline struct{ queue chan message }

func newPipeline(f *os.File) *pipeline {
	p := &pipeline{queue: make(chan message, 1024)}
	go func() {
		for m := range p.queue {
			if _, err := f.Write(m.value); err != nil {
				log.Fatal(err)
			}
		}
	}()
	return p
}

func (p *pipeline) push(r *kgo.Record) {
	p.queue <- message{value: r.Value}
}

type sink interface{ Write(v []byte) error }

// pool's four workers take what push queues: in place, their work would
// be serial.
type pool struct {
	queue chan message
	out   sink
}

func newPool(out sink) *pool {
	p := &pool{queue: make(chan message, 1024), out: out}
	for range 4 {
		go p.work()
	}
	return p
}

func (p *pool) work() {
	for m := range p.queue {
		if err := p.out.Write(m.value); err != nil {
			log.Print(err)
		}
	}
}

func (p *pool) push(r *kgo.Record) {
	p.queue <- message{value: r.Value}
}

func pooled(ctx context.Context, out sink) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("archiver"), kgo.ConsumeTopics("events"))
	if err != nil {
		return err
	}
	p := newPool(out)
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(p.push) // want "record handed to queuednofix.pool.push, which only queues it for later work.*workers are a pool"
	}
}

func archive(ctx context.Context, f *os.File) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("archiver"), kgo.ConsumeTopics("events"))
	if err != nil {
		return err
	}
	p := newPipeline(f)
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(p.push) // want "record handed to queuednofix.pipeline.push, which only queues it for later work"
	}
}
`

// TestQueuedNoFix runs queuedNoFixSrc: two findings, without a fix,
// saying why.
func TestQueuedNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, autocommit.Analyzer, "autocommit/franzqueue", "queuednofix", queuedNoFixSrc) {
		if len(r.Diagnostics) != 2 {
			t.Errorf("%d findings, want 2", len(r.Diagnostics))
		}
	}
}
