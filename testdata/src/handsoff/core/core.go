// Package core has service cores that queue what they are given for
// workers (a handsoff.Fact on the method) and their twins that process
// it, wait for it, or drop it.
package core

import (
	"context"
	"sync"
)

// Payload is what a consumer hands the core.
type Payload struct{ ID string }

// Queue sends each payload to its workers.
type Queue struct{ in chan Payload }

// NewQueue starts the workers.
func NewQueue() *Queue {
	q := &Queue{in: make(chan Payload, 64)}
	go func() {
		for p := range q.in {
			_ = p.ID
		}
	}()
	return q
}

// Handle queues p and returns.
func (q *Queue) Handle(p Payload) { q.in <- p } // want Handle:`handsOff\[0\]`

// HandleCtx gives up when ctx ends: still only a queue.
func (q *Queue) HandleCtx(ctx context.Context, p Payload) error { // want HandleCtx:`handsOff\[1\]`
	select {
	case q.in <- p:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Handler is the port a consumer calls; Queue is its only implementation.
type Handler interface {
	Handle(p Payload) // want Handle:`handsOff\[0\]`
}

var _ Handler = (*Queue)(nil)

func save(Payload) error { return nil }

// Sync processes p before it returns: no fact.
func Sync(p Payload) error { return save(p) }

// Waited queues p and waits for its worker: no fact.
func Waited(p Payload) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = save(p)
	}()
	wg.Wait()
}

// Drain drops what it is given: the workers' loop names no variable, so
// nothing processes it, and no fact.
type Drain struct{ ch chan Payload }

// NewDrain starts the drain.
func NewDrain() *Drain {
	d := &Drain{ch: make(chan Payload, 8)}
	go func() {
		for range d.ch {
		}
	}()
	return d
}

// Write queues p for the drain.
func (d *Drain) Write(p Payload) { d.ch <- p }

// Logs queues a line built from p, and processes p too: no fact.
func (q *Queue) Logs(p Payload) error {
	q.in <- p
	return save(p)
}
