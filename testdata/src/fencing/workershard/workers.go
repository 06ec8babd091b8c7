package workershard

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

// lockedSource keeps its workers' channels in a map under a lock: the fix
// would have to take the lock to close them.
type lockedSource struct {
	c     *kafka.Consumer
	mu    sync.Mutex
	lanes map[int32]chan *kafka.Message
	wg    sync.WaitGroup
}

func (s *lockedSource) work(ch chan *kafka.Message) {
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

// rebalanced starts a worker per assigned partition and ignores
// revocations.
func (s *lockedSource) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.AssignedPartitions); ok {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, p := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			s.lanes[p.Partition] = ch
			s.wg.Add(1)
			go s.work(ch) // want `this worker, started by the rebalance callback, commits its partition's messages, and the callback does not stop it on RevokedPartitions.*`
		}
	}
	return nil
}

func (s *lockedSource) send(m *kafka.Message) {
	s.mu.Lock()
	ch := s.lanes[m.TopicPartition.Partition]
	s.mu.Unlock()
	ch <- m
}

func runLocked(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &lockedSource{c: c, lanes: map[int32]chan *kafka.Message{}}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(1000).(*kafka.Message); ok {
			s.send(m)
		}
	}
	return nil
}

// stoppingSource is lockedSource's twin: on a revocation the callback
// closes the revoked partitions' channels and waits for their workers.
type stoppingSource struct {
	c     *kafka.Consumer
	mu    sync.Mutex
	lanes map[int32]chan *kafka.Message
	wg    sync.WaitGroup
}

func (s *stoppingSource) work(ch chan *kafka.Message) {
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

func (s *stoppingSource) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
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

func (s *stoppingSource) send(m *kafka.Message) {
	s.mu.Lock()
	ch := s.lanes[m.TopicPartition.Partition]
	s.mu.Unlock()
	ch <- m
}

func runStopping(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &stoppingSource{c: c, lanes: map[int32]chan *kafka.Message{}}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(1000).(*kafka.Message); ok {
			s.send(m)
		}
	}
	return nil
}

// assignSource starts its workers in a function the callback calls only
// on an assignment, and only logs revocations: the fix, which goes at
// the top of the function starting the worker, would never see one.
type assignSource struct {
	c     *kafka.Consumer
	lanes sync.Map // partition -> chan *kafka.Message
}

func (s *assignSource) work(ch chan *kafka.Message) {
	for m := range ch {
		if err := store(m); err != nil {
			continue
		}
		if _, err := s.c.CommitMessage(m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func (s *assignSource) start(ps []kafka.TopicPartition) {
	for _, p := range ps {
		ch := make(chan *kafka.Message, 64)
		s.lanes.Store(p.Partition, ch)
		go s.work(ch) // want `this worker, started by the rebalance callback, commits its partition's messages, and the callback does not stop it on RevokedPartitions.*`
	}
}

func (s *assignSource) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		s.start(e.Partitions)
	case kafka.RevokedPartitions:
		log.Printf("revoked %v", e.Partitions)
	}
	return nil
}

func runAssign(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &assignSource{c: c}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(1000).(*kafka.Message); ok {
			if v, ok := s.lanes.Load(m.TopicPartition.Partition); ok {
				v.(chan *kafka.Message) <- m
			}
		}
	}
	return nil
}

// stopSource is assignSource's twin: the callback stops the revoked
// partitions' workers.
type stopSource struct {
	c     *kafka.Consumer
	lanes sync.Map // partition -> chan *kafka.Message
	wg    sync.WaitGroup
}

func (s *stopSource) work(ch chan *kafka.Message) {
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

func (s *stopSource) start(ps []kafka.TopicPartition) {
	for _, p := range ps {
		ch := make(chan *kafka.Message, 64)
		s.lanes.Store(p.Partition, ch)
		s.wg.Add(1)
		go s.work(ch) // ok: the revoked case stops the workers and waits for them
	}
}

func (s *stopSource) stop(ps []kafka.TopicPartition) {
	for _, p := range ps {
		if v, ok := s.lanes.LoadAndDelete(p.Partition); ok {
			close(v.(chan *kafka.Message))
		}
	}
	s.wg.Wait()
}

func (s *stopSource) rebalanced(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		s.start(e.Partitions)
	case kafka.RevokedPartitions:
		s.stop(e.Partitions)
	}
	return nil
}

func runStop(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	s := &stopSource{c: c}
	if err := c.Subscribe("t", s.rebalanced); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(1000).(*kafka.Message); ok {
			if v, ok := s.lanes.Load(m.TopicPartition.Partition); ok {
				v.(chan *kafka.Message) <- m
			}
		}
	}
	return nil
}
