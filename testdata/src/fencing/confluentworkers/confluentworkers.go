// Package confluentworkers: confluent-kafka-go consumers whose rebalance
// callback starts a worker goroutine per assigned partition, fed by the
// poll loop over a channel, that commits what it processed. A callback
// that ignores RevokedPartitions leaves the revoked partitions' workers
// processing and committing after the revoke; one that stops them and
// waits for them does not (shape from a public dataflow runner's source).
package confluentworkers

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func apply(m *kafka.Message) error { return nil }

// source keeps a channel per partition, each read by a worker that
// commits its last processed message every second and when it returns.
type source struct {
	c        *kafka.Consumer
	channels sync.Map // partition -> chan *kafka.Message
}

func (s *source) consumePartition(ch chan *kafka.Message) {
	var last *kafka.Message
	commitLast := func() {
		if last != nil {
			if _, err := s.c.CommitMessage(last); err != nil {
				log.Printf("commit: %v", err)
			}
			last = nil
		}
	}
	defer commitLast()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			commitLast()
		case m, ok := <-ch:
			if !ok {
				return
			}
			if err := apply(m); err == nil {
				last = m
			}
		}
	}
}

// rebalanced starts a worker for each assigned partition and ignores
// revocations.
func (s *source) rebalanced(ev kafka.Event) error {
	if e, ok := ev.(kafka.AssignedPartitions); ok {
		for _, p := range e.Partitions {
			if _, loaded := s.channels.LoadOrStore(p.Partition, make(chan *kafka.Message, 256)); !loaded {
				v, _ := s.channels.Load(p.Partition)
				go s.consumePartition(v.(chan *kafka.Message)) // want `this worker, started by the rebalance callback, commits its partition's messages, and the callback does not stop it on RevokedPartitions`
			}
		}
	}
	return nil
}

func run(ctx context.Context) error {
	cm := kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "g"}
	cm["enable.auto.commit"] = false
	cm["enable.auto.offset.store"] = false
	c, err := kafka.NewConsumer(&cm)
	if err != nil {
		return err
	}
	defer c.Close()
	s := &source{c: c}
	if err := c.Subscribe("t", func(_ *kafka.Consumer, ev kafka.Event) error { return s.rebalanced(ev) }); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(1000).(*kafka.Message); ok {
			v, _ := s.channels.Load(m.TopicPartition.Partition)
			v.(chan *kafka.Message) <- m
		}
	}
	return nil
}

// worker is one partition's channel and the channel its goroutine closes
// when it returns.
type worker struct {
	ch   chan *kafka.Message
	done chan struct{}
}

// drainingSource stops the revoked partitions' workers in the callback
// and waits for their last commit before the partitions are given up.
// Its map is touched only on the poll loop's goroutine, where the
// callback runs.
type drainingSource struct {
	c       *kafka.Consumer
	workers map[int32]*worker
}

func (s *drainingSource) consumePartition(ch chan *kafka.Message) {
	var last *kafka.Message
	commitLast := func() {
		if last != nil {
			if _, err := s.c.CommitMessage(last); err != nil {
				log.Printf("commit: %v", err)
			}
			last = nil
		}
	}
	defer commitLast()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			commitLast()
		case m, ok := <-ch:
			if !ok {
				return
			}
			if err := apply(m); err == nil {
				last = m
			}
		}
	}
}

func (s *drainingSource) rebalanced(ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		for _, p := range e.Partitions {
			w := &worker{ch: make(chan *kafka.Message, 256), done: make(chan struct{})}
			s.workers[p.Partition] = w
			go func() { // ok: the callback stops the revoked partitions' workers and waits for them
				defer close(w.done)
				s.consumePartition(w.ch)
			}()
		}
	case kafka.RevokedPartitions:
		for _, p := range e.Partitions {
			if w, ok := s.workers[p.Partition]; ok {
				close(w.ch)
				<-w.done // its last commit, while the partition is still assigned
				delete(s.workers, p.Partition)
			}
		}
	}
	return nil
}

func runDraining(ctx context.Context) error {
	cm := kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "g"}
	cm["enable.auto.commit"] = false
	cm["enable.auto.offset.store"] = false
	c, err := kafka.NewConsumer(&cm)
	if err != nil {
		return err
	}
	defer c.Close()
	s := &drainingSource{c: c, workers: map[int32]*worker{}}
	if err := c.Subscribe("t", func(_ *kafka.Consumer, ev kafka.Event) error { return s.rebalanced(ev) }); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(1000).(*kafka.Message); ok {
			s.workers[m.TopicPartition.Partition].ch <- m
		}
	}
	return nil
}

// stopAll closes every worker's channel; the workers commit as they
// return.
func (s *source) stopAll() {
	s.channels.Range(func(k, v any) bool {
		s.channels.Delete(k)
		close(v.(chan *kafka.Message))
		return true
	})
}

// rebalancedOtherwise handles every event but the assignment in its
// default case: the revocation stops the workers there.
func (s *source) rebalancedOtherwise(ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		for _, p := range e.Partitions {
			if _, loaded := s.channels.LoadOrStore(p.Partition, make(chan *kafka.Message, 256)); !loaded {
				v, _ := s.channels.Load(p.Partition)
				go s.consumePartition(v.(chan *kafka.Message)) // ok: the default case handles the revocation
			}
		}
	default:
		s.stopAll()
	}
	return nil
}

func runOtherwise(ctx context.Context) error {
	cm := kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "g"}
	cm["enable.auto.commit"] = false
	c, err := kafka.NewConsumer(&cm)
	if err != nil {
		return err
	}
	defer c.Close()
	s := &source{c: c}
	if err := c.Subscribe("t", func(_ *kafka.Consumer, ev kafka.Event) error { return s.rebalancedOtherwise(ev) }); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(1000).(*kafka.Message); ok {
			v, _ := s.channels.Load(m.TopicPartition.Partition)
			v.(chan *kafka.Message) <- m
		}
	}
	return nil
}

// mapSource keeps its workers' channels in a map that only the poll
// loop's goroutine touches (the callback runs inside Poll).
type mapSource struct {
	c       *kafka.Consumer
	workers map[int32]chan *kafka.Message
}

func (s *mapSource) consume(ch chan *kafka.Message) {
	var last *kafka.Message
	defer func() {
		if last != nil {
			if _, err := s.c.CommitMessage(last); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}()
	for m := range ch {
		if err := apply(m); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
		last = m
		if m.TopicPartition.Offset%100 == 0 {
			if _, err := s.c.CommitMessage(m); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}
}

// onRebalance starts a worker for each newly assigned partition and
// ignores revocations.
func (s *mapSource) onRebalance(ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		for _, p := range e.Partitions {
			if _, ok := s.workers[p.Partition]; ok {
				continue
			}
			ch := make(chan *kafka.Message, 64)
			s.workers[p.Partition] = ch
			go s.consume(ch) // want `this worker, started by the rebalance callback, commits its partition's messages, and the callback does not stop it on RevokedPartitions`
		}
	}
	return nil
}

func runMap(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	s := &mapSource{c: c, workers: map[int32]chan *kafka.Message{}}
	if err := c.SubscribeTopics([]string{"t"}, func(_ *kafka.Consumer, ev kafka.Event) error { return s.onRebalance(ev) }); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			s.workers[m.TopicPartition.Partition] <- m
		}
	}
	return nil
}

// mapStopping is mapSource's twin: on a revocation it closes the revoked
// partitions' channels and waits for their workers.
type mapStopping struct {
	c       *kafka.Consumer
	workers map[int32]chan *kafka.Message
	wg      map[int32]*sync.WaitGroup
}

func (s *mapStopping) consume(ch chan *kafka.Message) {
	for m := range ch {
		if err := apply(m); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
		if _, err := s.c.CommitMessage(m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func (s *mapStopping) onRebalance(ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		for _, p := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			wg := &sync.WaitGroup{}
			wg.Add(1)
			s.workers[p.Partition], s.wg[p.Partition] = ch, wg
			go func() { // ok: the revocation closes the channel and waits for the worker
				defer wg.Done()
				s.consume(ch)
			}()
		}
	case kafka.RevokedPartitions:
		for _, p := range e.Partitions {
			if ch, ok := s.workers[p.Partition]; ok {
				close(ch)
				s.wg[p.Partition].Wait()
				delete(s.workers, p.Partition)
				delete(s.wg, p.Partition)
			}
		}
	}
	return nil
}

func runMapStopping(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	s := &mapStopping{c: c, workers: map[int32]chan *kafka.Message{}, wg: map[int32]*sync.WaitGroup{}}
	if err := c.SubscribeTopics([]string{"t"}, func(_ *kafka.Consumer, ev kafka.Event) error { return s.onRebalance(ev) }); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			s.workers[m.TopicPartition.Partition] <- m
		}
	}
	return nil
}

// loggingSource's callback handles revocations by logging them and
// unassigning: its workers keep running.
type loggingSource struct {
	workers map[int32]chan *kafka.Message
}

func (s *loggingSource) consume(c *kafka.Consumer, ch chan *kafka.Message) {
	for m := range ch {
		if err := apply(m); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
		if _, err := c.CommitMessage(m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func (s *loggingSource) onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		for _, p := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			s.workers[p.Partition] = ch
			go s.consume(c, ch) // want `this worker, started by the rebalance callback, commits its partition's messages, and the callback does not stop it on RevokedPartitions`
		}
		return c.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		log.Printf("revoked %v", e.Partitions)
		return c.Unassign()
	}
	return nil
}

func runLogging(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	s := &loggingSource{workers: map[int32]chan *kafka.Message{}}
	if err := c.SubscribeTopics([]string{"t"}, s.onRebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			s.workers[m.TopicPartition.Partition] <- m
		}
	}
	return nil
}

// cancelling is loggingSource's twin: its revoked case cancels the
// revoked partitions' workers and waits for them before unassigning.
type cancelling struct {
	workers map[int32]chan *kafka.Message
	stop    map[int32]context.CancelFunc
	done    map[int32]chan struct{}
}

func (s *cancelling) consume(ctx context.Context, c *kafka.Consumer, ch chan *kafka.Message) {
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-ch:
			if err := apply(m); err != nil {
				log.Printf("apply: %v", err)
				continue
			}
			if _, err := c.CommitMessage(m); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}
}

func (s *cancelling) onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		for _, p := range e.Partitions {
			ctx, cancel := context.WithCancel(context.Background())
			ch, done := make(chan *kafka.Message, 64), make(chan struct{})
			s.workers[p.Partition], s.stop[p.Partition], s.done[p.Partition] = ch, cancel, done
			go func() { // ok: the revoked case cancels the worker and waits for it
				defer close(done)
				s.consume(ctx, c, ch)
			}()
		}
		return c.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		for _, p := range e.Partitions {
			s.stop[p.Partition]()
			<-s.done[p.Partition]
			delete(s.workers, p.Partition)
		}
		return c.Unassign()
	}
	return nil
}

func runCancelling(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	s := &cancelling{workers: map[int32]chan *kafka.Message{}, stop: map[int32]context.CancelFunc{}, done: map[int32]chan struct{}{}}
	if err := c.SubscribeTopics([]string{"t"}, s.onRebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			s.workers[m.TopicPartition.Partition] <- m
		}
	}
	return nil
}
