package polllocked

import (
	"context"
	"log"
	"sync"
	"sync/atomic"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// The workers below take the lock the poll loop holds around Poll to
// count what they processed: a callback waiting for them would wait for
// itself. The fix takes Poll out of that hold (the loop locks right
// after it), then stops the revoked partitions' workers and waits for
// them.

// pollHeldCounted keeps its workers' channels in a map under a lock that
// the poll loop holds around Poll, where the rebalance callback runs, and
// its workers take that lock to count what they processed: a callback
// waiting for a worker would wait for itself.
type pollHeldCounted struct {
	c         *kafka.Consumer
	mu        sync.Mutex // guards lanes and processed; held around Poll
	lanes     map[int32]chan *kafka.Message
	processed int
}

func (s *pollHeldCounted) work(ch chan *kafka.Message) {
	for m := range ch {
		if err := store(m); err != nil {
			continue
		}
		if _, err := s.c.CommitMessage(m); err != nil {
			log.Printf("commit: %v", err)
		}
		s.mu.Lock()
		s.processed++
		s.mu.Unlock()
	}
}

// rebalanced starts a worker per assigned partition and ignores
// revocations.
func (s *pollHeldCounted) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.AssignedPartitions); ok {
		for _, p := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			s.lanes[p.Partition] = ch
			go s.work(ch) // want `this worker, started by the rebalance callback, commits its partition's messages, and the callback does not stop it on RevokedPartitions.*; the worker locks s.mu, which the poll loop holds around Poll, inside which the callback runs: a callback waiting for the worker would wait for itself \(the fix takes Poll out of that hold: the loop locks right after it\)`
		}
	}
	return nil
}

func runPollHeldCounted(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &pollHeldCounted{c: c, lanes: map[int32]chan *kafka.Message{}}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		s.mu.Lock()
		ev := c.Poll(1000)
		var ch chan *kafka.Message
		if m, ok := ev.(*kafka.Message); ok {
			ch = s.lanes[m.TopicPartition.Partition]
		}
		s.mu.Unlock()
		if ch != nil {
			ch <- ev.(*kafka.Message)
		}
	}
	return nil
}

// pollHeldCountedStop is pollHeldCounted's twin: its workers count
// without the poll loop's lock, and the callback, under the poll loop's
// hold, closes the revoked partitions' channels and waits for their
// workers.
type pollHeldCountedStop struct {
	c         *kafka.Consumer
	mu        sync.Mutex // guards lanes; held around Poll
	lanes     map[int32]chan *kafka.Message
	processed atomic.Int64
	wg        sync.WaitGroup
}

func (s *pollHeldCountedStop) work(ch chan *kafka.Message) {
	defer s.wg.Done()
	for m := range ch {
		if err := store(m); err != nil {
			continue
		}
		if _, err := s.c.CommitMessage(m); err != nil {
			log.Printf("commit: %v", err)
		}
		s.processed.Add(1)
	}
}

func (s *pollHeldCountedStop) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		for _, p := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			s.lanes[p.Partition] = ch
			s.wg.Add(1)
			go s.work(ch) // ok: the revoked case closes the channels and waits for the workers
		}
	case kafka.RevokedPartitions:
		for _, p := range e.Partitions {
			close(s.lanes[p.Partition])
			delete(s.lanes, p.Partition)
		}
		s.wg.Wait()
	}
	return nil
}

func runPollHeldCountedStop(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &pollHeldCountedStop{c: c, lanes: map[int32]chan *kafka.Message{}}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		s.mu.Lock()
		ev := c.Poll(1000)
		var ch chan *kafka.Message
		if m, ok := ev.(*kafka.Message); ok {
			ch = s.lanes[m.TopicPartition.Partition]
		}
		s.mu.Unlock()
		if ch != nil {
			ch <- ev.(*kafka.Message)
		}
	}
	return nil
}
