package workershard

import (
	"context"
	"log"
	"sync"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// lookupLocked keeps its workers' channels in a map under a lock that
// the poll loop takes around its reads of the map, not around Poll: the
// callback, run inside Poll, can take it.
type lookupLocked struct {
	c     *kafka.Consumer
	mu    sync.Mutex
	lanes map[int32]chan *kafka.Message
}

func (s *lookupLocked) work(ch chan *kafka.Message) {
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
func (s *lookupLocked) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.AssignedPartitions); ok {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, p := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			s.lanes[p.Partition] = ch
			go s.work(ch) // want `this worker, started by the rebalance callback, commits its partition's messages, and the callback does not stop it on RevokedPartitions.*`
		}
	}
	return nil
}

func runLookupLocked(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &lookupLocked{c: c, lanes: map[int32]chan *kafka.Message{}}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, ok := c.Poll(1000).(*kafka.Message)
		if !ok {
			continue
		}
		s.mu.Lock()
		ch := s.lanes[m.TopicPartition.Partition]
		s.mu.Unlock()
		ch <- m
	}
	return nil
}

// lookupLockedStop is lookupLocked's twin: on a revocation the callback
// closes the revoked partitions' channels under the lock and waits for
// their workers without it.
type lookupLockedStop struct {
	c     *kafka.Consumer
	mu    sync.Mutex
	lanes map[int32]chan *kafka.Message
	wg    sync.WaitGroup
}

func (s *lookupLockedStop) work(ch chan *kafka.Message) {
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

func (s *lookupLockedStop) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, p := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			s.lanes[p.Partition] = ch
			s.wg.Add(1)
			go s.work(ch) // ok: the revoked case closes the channels and waits for the workers
		}
	case kafka.RevokedPartitions:
		s.mu.Lock()
		for _, p := range e.Partitions {
			close(s.lanes[p.Partition])
			delete(s.lanes, p.Partition)
		}
		s.mu.Unlock()
		s.wg.Wait()
	}
	return nil
}

func runLookupLockedStop(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &lookupLockedStop{c: c, lanes: map[int32]chan *kafka.Message{}}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, ok := c.Poll(1000).(*kafka.Message)
		if !ok {
			continue
		}
		s.mu.Lock()
		ch := s.lanes[m.TopicPartition.Partition]
		s.mu.Unlock()
		ch <- m
	}
	return nil
}

// pollHeld keeps its workers' channels in a map under a lock that the
// poll loop holds around Poll: the callback, run inside Poll, reads the
// map under that hold without taking the lock, and the workers never
// take it.
type pollHeld struct {
	c     *kafka.Consumer
	mu    sync.Mutex // guards lanes; held around Poll, where the callback runs
	lanes map[int32]chan *kafka.Message
}

func (s *pollHeld) work(ch chan *kafka.Message) {
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
func (s *pollHeld) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.AssignedPartitions); ok {
		for _, p := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			s.lanes[p.Partition] = ch
			go s.work(ch) // want `this worker, started by the rebalance callback, commits its partition's messages, and the callback does not stop it on RevokedPartitions.*`
		}
	}
	return nil
}

func runPollHeld(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &pollHeld{c: c, lanes: map[int32]chan *kafka.Message{}}
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

// pollHeldStop is pollHeld's twin: on a revocation the callback, under
// the poll loop's hold, cancels the revoked partitions' workers and
// waits for them.
type pollHeldStop struct {
	c      *kafka.Consumer
	mu     sync.Mutex // guards lanes and stops; held around Poll, where the callback runs
	lanes  map[int32]chan *kafka.Message
	stops  map[int32]context.CancelFunc
	active sync.WaitGroup
}

func (s *pollHeldStop) work(ctx context.Context, ch chan *kafka.Message) {
	defer s.active.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-ch:
			if err := store(m); err != nil {
				continue
			}
			if _, err := s.c.CommitMessage(m); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}
}

func (s *pollHeldStop) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		for _, p := range e.Partitions {
			ctx, cancel := context.WithCancel(context.Background())
			ch := make(chan *kafka.Message, 64)
			s.lanes[p.Partition] = ch
			s.stops[p.Partition] = cancel
			s.active.Add(1)
			go s.work(ctx, ch) // ok: the revoked case cancels the workers and waits for them
		}
	case kafka.RevokedPartitions:
		for _, p := range e.Partitions {
			if stop, ok := s.stops[p.Partition]; ok {
				stop()
				delete(s.stops, p.Partition)
				delete(s.lanes, p.Partition)
			}
		}
		s.active.Wait()
	}
	return nil
}

func runPollHeldStop(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &pollHeldStop{c: c, lanes: map[int32]chan *kafka.Message{}, stops: map[int32]context.CancelFunc{}}
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
