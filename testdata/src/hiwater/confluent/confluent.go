// Package confluent holds hiwater cases for
// github.com/confluentinc/confluent-kafka-go/v2/kafka.
package confluent

import (
	"log"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"golang.org/x/sync/errgroup"
)

func handle(m *kafka.Message) error { return nil }

func consumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	return c
}

// A goroutine per message stores its offset.
func readLoop() {
	c := consumer()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func() {
			handle(msg)
			if _, err := c.StoreMessage(msg); err != nil { // want `StoreMessage from a per-record goroutine: records of a partition finish out of order and confluent-kafka-go stores are last-write-wins, so the stored offset moves back when a lower record finishes \(replays after a restart\) and past records still in flight: a crash loses them \(at-most-once\)`
				log.Printf("store: %v", err)
			}
		}()
	}
}

// errgroup over a batch, each function committing its message.
func groupBatch(c *kafka.Consumer, batch []*kafka.Message) error {
	var g errgroup.Group
	for _, m := range batch {
		g.Go(func() error {
			if err := handle(m); err != nil {
				return err
			}
			if _, err := c.CommitMessage(m); err != nil { // want `CommitMessage from a per-record errgroup function`
				return err
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return nil
}

// A batch whose goroutines store only what succeeded: the batch cannot be
// stored after the join, so the fix makes the loop sequential.
func conditionalBatch(batch []*kafka.Message) {
	c := consumer()
	var wg sync.WaitGroup
	for _, m := range batch {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := handle(m); err != nil {
				return
			}
			c.StoreMessage(m) // want `StoreMessage from a per-record goroutine`
		}()
	}
	wg.Wait()
}

// offsets keeps the highest completed offset per partition.
type offsets struct {
	mu sync.Mutex
	hi map[int32]kafka.Offset
}

func (o *offsets) done(m *kafka.Message) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if m.TopicPartition.Offset > o.hi[m.TopicPartition.Partition] {
		o.hi[m.TopicPartition.Partition] = m.TopicPartition.Offset
	}
}

func (o *offsets) flush(c *kafka.Consumer, topic string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for p, off := range o.hi {
		tp := kafka.TopicPartition{Topic: &topic, Partition: p, Offset: off + 1}
		if _, err := c.StoreOffsets([]kafka.TopicPartition{tp}); err != nil { // want `highest completed offset passed to StoreOffsets: records of a partition finish out of order, so the maximum runs ahead of records still in flight, and confluent-kafka-go stores it as given \(last write wins\): a crash loses them \(at-most-once\)`
			log.Printf("store: %v", err)
		}
	}
}

// A ticker stores the maxima while goroutines per message update them.
func maxTicker(topic string) {
	c := consumer()
	o := &offsets{hi: map[int32]kafka.Offset{}}
	go func() {
		for range time.Tick(time.Second) {
			o.flush(c, topic)
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func(m *kafka.Message) {
			handle(m)
			o.done(m)
		}(msg)
	}
}

// A pool fed from a Poll loop.
func pollPool(n int) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	jobs := make(chan *kafka.Message, n)
	for i := 0; i < n; i++ {
		go func() {
			for m := range jobs {
				handle(m)
				c.CommitMessage(m) // want `CommitMessage from a pool of workers`
			}
		}()
	}
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			jobs <- e
		}
	}
}

// Sequential.
func sequential() {
	c := consumer()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(msg)
		c.StoreMessage(msg) // ok: sequential
	}
}

// lowWater returns the smallest offset in flight.
type lowWater struct {
	mu       sync.Mutex
	inFlight map[kafka.Offset]bool
	next     kafka.Offset
}

func (l *lowWater) start(off kafka.Offset) {
	l.mu.Lock()
	l.inFlight[off] = true
	l.next = off + 1
	l.mu.Unlock()
}

func (l *lowWater) done(off kafka.Offset) kafka.Offset {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.inFlight, off)
	low := l.next
	for o := range l.inFlight {
		if o < low {
			low = o
		}
	}
	return low
}

func trackerLoop() {
	c := consumer()
	lw := &lowWater{inFlight: map[kafka.Offset]bool{}}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		lw.start(msg.TopicPartition.Offset)
		go func() {
			handle(msg)
			tp := msg.TopicPartition
			tp.Offset = lw.done(msg.TopicPartition.Offset)
			c.StoreOffsets([]kafka.TopicPartition{tp}) // ok: the tracker's low-water mark
		}()
	}
}

// Auto-store on: StoreMessage does nothing (autocommit reports it).
func autoStore() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func() {
			handle(msg)
			c.StoreMessage(msg) // ok: a no-op while enable.auto.offset.store is on
		}()
	}
}

// The maxima are stored after the join: nothing is in flight then.
func maxAfterJoin(topic string, batch []*kafka.Message) {
	c := consumer()
	o := &offsets{hi: map[int32]kafka.Offset{}}
	var wg sync.WaitGroup
	for _, m := range batch {
		wg.Add(1)
		go func() {
			defer wg.Done()
			handle(m)
			o.done(m)
		}()
	}
	wg.Wait()
	for p, off := range o.hi {
		c.StoreOffsets([]kafka.TopicPartition{{Topic: &topic, Partition: p, Offset: off + 1}}) // ok: after the join
	}
}
