// Package sarama holds hiwater cases for github.com/IBM/sarama. sarama calls
// ConsumeClaim in a goroutine per claim (partition): that is not a
// per-record goroutine.
package sarama

import (
	"context"
	"iter"
	"sync"
	"sync/atomic"
	"time"

	"github.com/IBM/sarama"
	"golang.org/x/sync/errgroup"
)

func process(m *sarama.ConsumerMessage) {}

type base struct{}

func (base) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (base) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func run(ctx context.Context) error {
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "g", sarama.NewConfig())
	if err != nil {
		return err
	}
	for _, h := range []sarama.ConsumerGroupHandler{perMessage{}, &poolHandler{workers: 8}, sequential{}} {
		if err := group.Consume(ctx, []string{"t"}, h); err != nil {
			return err
		}
	}
	return nil
}

// A goroutine per message marks it.
type perMessage struct{ base }

func (perMessage) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var wg sync.WaitGroup
	for msg := range claim.Messages() {
		wg.Add(1)
		go func(m *sarama.ConsumerMessage) {
			defer wg.Done()
			process(m)
			sess.MarkMessage(m, "") // want `MarkMessage from a per-record goroutine: records of a partition finish out of order and sarama marks are forward-only, so a higher offset is marked while lower ones are still in flight and their own marks are dropped: a crash loses them \(at-most-once\)`
		}(msg)
	}
	wg.Wait()
	return nil
}

// Workers share the claim's messages.
type poolHandler struct {
	base
	workers int
}

func (h *poolHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	var wg sync.WaitGroup
	for range h.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range jobs {
				process(m)
				sess.MarkMessage(m, "") // want `MarkMessage from a pool of workers`
			}
		}()
	}
	for msg := range claim.Messages() {
		jobs <- msg
	}
	close(jobs)
	wg.Wait()
	return nil
}

// Each goroutine marks the highest offset completed so far.
type maxMarks struct{ base }

func (maxMarks) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var mu sync.Mutex
	hi := int64(-1)
	for msg := range claim.Messages() {
		go func() {
			process(msg)
			mu.Lock()
			if msg.Offset > hi {
				hi = msg.Offset
			}
			next := hi + 1
			mu.Unlock()
			sess.MarkOffset(msg.Topic, msg.Partition, next, "") // want `highest completed offset passed to MarkOffset: records of a partition finish out of order, so the maximum runs ahead of records still in flight, and sarama marks are forward-only \(a lower mark cannot undo it\): a crash loses them \(at-most-once\)`
		}()
	}
	return nil
}

// ConsumeClaim marks what its goroutines report, in completion order.
type collector struct{ base }

func (collector) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan *sarama.ConsumerMessage)
	go func() {
		for msg := range claim.Messages() {
			go func() {
				process(msg)
				done <- msg
			}()
		}
	}()
	for m := range done {
		sess.MarkMessage(m, "") // want `completions passed to MarkMessage in arrival order: concurrent processing finishes records of a partition out of order and sarama marks are forward-only`
	}
	return nil
}

// A helper started per message marks it.
type viaHelper struct{ base }

func (h viaHelper) handle(sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) {
	process(m)
	sess.MarkMessage(m, "") // want `MarkMessage from a per-record goroutine`
}

func (h viaHelper) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go h.handle(sess, msg)
	}
	return nil
}

// The goroutine is given the offset only.
type offsetOnly struct{ base }

func (offsetOnly) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		process(msg)
		go func(off int64) {
			time.Sleep(time.Millisecond)
			sess.MarkOffset(claim.Topic(), claim.Partition(), off+1, "") // want `MarkOffset from a per-record goroutine`
		}(msg.Offset)
	}
	return nil
}

// Sequential: the recommended shape.
type sequential struct{ base }

func (sequential) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		process(msg)
		sess.MarkMessage(msg, "") // ok: ConsumeClaim runs per claim, messages in order
	}
	return nil
}

// A goroutine per message, waited for before the next one.
type joined struct{ base }

func (joined) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			process(msg)
			sess.MarkMessage(msg, "") // ok: joined before the next message
		}()
		wg.Wait()
	}
	return nil
}

// tracker returns the low-water mark: the smallest offset in flight.
type tracker struct {
	mu      sync.Mutex
	pending []int64 // in flight, in offset order
	next    int64
}

func (t *tracker) start(off int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.pending = append(t.pending, off)
	t.next = off + 1
}

func (t *tracker) done(off int64) int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, p := range t.pending {
		if p == off {
			t.pending = append(t.pending[:i], t.pending[i+1:]...)
			break
		}
	}
	if len(t.pending) == 0 {
		return t.next
	}
	return t.pending[0]
}

type lowWater struct {
	base
	tr *tracker
}

func (h lowWater) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.tr.start(msg.Offset)
		go func() {
			process(msg)
			sess.MarkOffset(msg.Topic, msg.Partition, h.tr.done(msg.Offset), "") // ok: the tracker's low-water mark
		}()
	}
	return nil
}

// The maximum is kept by the sequential loop: it is the last message
// processed, so a ticker may mark it.
type sequentialMax struct{ base }

func (sequentialMax) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var hi atomic.Int64
	t := time.NewTicker(time.Second)
	defer t.Stop()
	go func() {
		for range t.C {
			sess.MarkOffset(claim.Topic(), claim.Partition(), hi.Load()+1, "") // ok: the maximum of sequential processing
		}
	}()
	for msg := range claim.Messages() {
		process(msg)
		if msg.Offset > hi.Load() {
			hi.Store(msg.Offset)
		}
	}
	return nil
}

// Goroutines keep the minimum of what they were given, not the maximum.
type minimum struct{ base }

func (minimum) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var mu sync.Mutex
	low := int64(1 << 62)
	for msg := range claim.Messages() {
		go func() {
			process(msg)
			mu.Lock()
			if msg.Offset < low {
				low = msg.Offset
			}
			l := low
			mu.Unlock()
			sess.MarkOffset(msg.Topic, msg.Partition, l, "") // ok: a minimum never passes a record in flight
		}()
	}
	return nil
}

// One worker per claim, fed through a channel.
type oneWorker struct{ base }

func (oneWorker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ch := make(chan *sarama.ConsumerMessage, 16)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range ch {
			process(m)
			sess.MarkMessage(m, "") // ok: a single worker, messages in order
		}
	}()
	for msg := range claim.Messages() {
		ch <- msg
	}
	close(ch)
	<-done
	return nil
}

func messages(claim sarama.ConsumerGroupClaim) iter.Seq[*sarama.ConsumerMessage] {
	return func(yield func(*sarama.ConsumerMessage) bool) {
		for m := range claim.Messages() {
			if !yield(m) {
				return
			}
		}
	}
}

// A range over an iterator starting a goroutine per message.
type rangeFunc struct{ base }

func (rangeFunc) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range messages(claim) {
		go func() {
			process(m)
			sess.MarkMessage(m, "") // want `MarkMessage from a per-record goroutine`
		}()
	}
	return nil
}

type job struct {
	msg  *sarama.ConsumerMessage
	meta string
}

// Workers receive jobs holding the messages.
type jobPool struct{ base }

func (jobPool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan job)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				process(j.msg)
				sess.MarkMessage(j.msg, j.meta) // want `MarkMessage from a pool of workers`
			}
		}()
	}
	for msg := range claim.Messages() {
		jobs <- job{msg: msg}
	}
	close(jobs)
	wg.Wait()
	return nil
}

// errgroup functions per message of a stream: no batch to write after
// Wait, so the fix calls each function in place, one message at a time.
type streamGroup struct{ base }

func (streamGroup) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var g errgroup.Group
	for msg := range claim.Messages() {
		g.Go(func() error {
			process(msg)
			sess.MarkMessage(msg, "") // want `MarkMessage from a per-record errgroup function`
			return nil
		})
	}
	return g.Wait()
}

// Marked in the loop while a goroutine processes: a mark before the
// processing is done (the ordering analyzer's business), not out of order.
type markInLoop struct{ base }

func (markInLoop) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go process(msg)
		sess.MarkMessage(msg, "") // ok: marks in offset order, from the loop
	}
	return nil
}

// Each goroutine waits for the previous message's goroutine before it
// marks: an ordered hand-off chain.
type chained struct{ base }

func (chained) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	prev := make(chan struct{})
	close(prev)
	for msg := range claim.Messages() {
		mine := make(chan struct{})
		go func(prev, mine chan struct{}) {
			process(msg)
			<-prev
			sess.MarkMessage(msg, "") // ok: marks in offset order, after the previous goroutine
			close(mine)
		}(prev, mine)
		prev = mine
	}
	<-prev
	return nil
}

// Goroutines wait on a condition until every lower offset is done.
type condOrdered struct{ base }

func (condOrdered) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	next := int64(-1)
	for msg := range claim.Messages() {
		if next < 0 {
			next = msg.Offset
		}
		go func() {
			process(msg)
			mu.Lock()
			for next != msg.Offset {
				cond.Wait()
			}
			sess.MarkMessage(msg, "") // ok: waits until every lower offset is marked
			next = msg.Offset + 1
			cond.Broadcast()
			mu.Unlock()
		}()
	}
	return nil
}

// A semaphore released before the mark does not order anything.
type semaphore struct{ base }

func (semaphore) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	sem := make(chan struct{}, 8)
	for msg := range claim.Messages() {
		sem <- struct{}{}
		go func() {
			process(msg)
			<-sem
			sess.MarkMessage(msg, "") // want `MarkMessage from a per-record goroutine`
		}()
	}
	return nil
}
