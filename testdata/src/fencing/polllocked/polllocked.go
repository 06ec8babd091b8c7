// Package polllocked: a confluent-kafka-go consumer whose rebalance
// callback starts a committing worker per assigned partition and never
// stops them on a revocation, keeping their channels in a map under a
// lock that the poll loop holds around Poll, where the callback runs,
// and that the callback takes too: it waits for itself at the first
// assignment. The fix takes that lock out of the callback (the poll
// loop's hold guards the map while the callback runs), then stops the
// revoked partitions' workers and waits for them.
package polllocked

import (
	"context"
	"log"
	"sync"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func store(m *kafka.Message) error { return nil }

func newConsumer() (*kafka.Consumer, error) {
	cm := kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "g"}
	cm["enable.auto.commit"] = false
	cm["enable.auto.offset.store"] = false
	return kafka.NewConsumer(&cm)
}

// pollLocked keeps its workers' channels in a map under a lock that the
// poll loop holds around Poll, where the rebalance callback runs, and
// the callback takes it too: it waits for itself at the first
// assignment, and a revocation taking the lock would as well.
type pollLocked struct {
	c     *kafka.Consumer
	mu    sync.Mutex
	lanes map[int32]chan *kafka.Message
}

func (s *pollLocked) work(ch chan *kafka.Message) {
	for m := range ch {
		if err := store(m); err != nil {
			continue
		}
		if _, err := s.c.CommitMessage(m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// rebalanced starts a worker per assigned partition and ignores
// revocations.
func (s *pollLocked) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.AssignedPartitions); ok {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, p := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			s.lanes[p.Partition] = ch
			go s.work(ch) // want `this worker, started by the rebalance callback, commits its partition's messages, and the callback does not stop it on RevokedPartitions.*; the callback also locks s.mu, which the poll loop holds around Poll, inside which the callback runs: it waits for itself at the first assignment, before any worker starts \(the fix takes that lock out of the callback\)$`
		}
	}
	return nil
}

func runPollLocked(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &pollLocked{c: c, lanes: map[int32]chan *kafka.Message{}}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		s.mu.Lock()
		ev := c.Poll(1000)
		s.mu.Unlock()
		if m, ok := ev.(*kafka.Message); ok {
			s.mu.Lock()
			ch := s.lanes[m.TopicPartition.Partition]
			s.mu.Unlock()
			ch <- m
		}
	}
	return nil
}

// pollLockedStop is pollLocked's twin: the callback, already under the
// lock the poll loop holds, closes the revoked partitions' channels.
type pollLockedStop struct {
	c     *kafka.Consumer
	mu    sync.Mutex
	lanes map[int32]chan *kafka.Message
	wg    sync.WaitGroup
}

func (s *pollLockedStop) work(ch chan *kafka.Message) {
	defer s.wg.Done()
	for m := range ch {
		if err := store(m); err != nil {
			continue
		}
		if _, err := s.c.CommitMessage(m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func (s *pollLockedStop) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
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

func runPollLockedStop(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &pollLockedStop{c: c, lanes: map[int32]chan *kafka.Message{}}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		s.mu.Lock()
		ev := c.Poll(1000)
		s.mu.Unlock()
		if m, ok := ev.(*kafka.Message); ok {
			s.mu.Lock()
			ch := s.lanes[m.TopicPartition.Partition]
			s.mu.Unlock()
			ch <- m
		}
	}
	return nil
}
