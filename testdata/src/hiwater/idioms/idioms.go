// Package idioms holds two idioms of concurrent consumers (issue #17),
// each with a silent twin: a maximum offset kept under a mutex and
// committed by a ticker, and the records of a partition fanned out to
// lanes by key.
package idioms

import (
	"context"
	"hash/fnv"
	"log"
	"sync"
	"time"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/offsetcommit/commitlint/lowwater"
	"github.com/twmb/franz-go/pkg/kgo"
)

func process(m *sarama.ConsumerMessage) {}

func apply(ctx context.Context, r *kgo.Record) {}

// progress keeps, under a mutex, the highest offset its workers finished.
type progress struct {
	mu  sync.Mutex
	max int64
}

func (p *progress) finished(off int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if off > p.max {
		p.max = off
	}
}

func (p *progress) highest() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.max
}

// A goroutine per message records its offset in progress; a ticker marks
// the maximum, which jumps past messages still running.
func tickerMax(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	p := &progress{max: -1}
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	go func() {
		for range ticker.C {
			if off := p.highest(); off >= 0 {
				sess.MarkOffset(claim.Topic(), claim.Partition(), off+1, "") // want `highest completed offset passed to MarkOffset: records of a partition finish out of order, so the maximum runs ahead of records still in flight, and sarama marks are forward-only`
			}
		}
	}()
	for msg := range claim.Messages() {
		go func() {
			process(msg)
			p.finished(msg.Offset)
		}()
	}
	return nil
}

// offsets keeps, under a mutex, the highest offset finished per partition.
type offsets struct {
	mu  sync.Mutex
	max map[int32]int64
}

func (o *offsets) finished(m *kgo.Record) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.max[m.Partition] = max(o.max[m.Partition], m.Offset)
}

// Workers of a pool record the highest finished offset per partition; a
// ticker commits those maxima.
func poolTickerMax(ctx context.Context, cl *kgo.Client, topic string) {
	o := &offsets{max: map[int32]int64{}}
	jobs := make(chan *kgo.Record, 256)
	for range 8 {
		go func() {
			for r := range jobs {
				apply(ctx, r)
				o.finished(r)
			}
		}()
	}
	go func() {
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for range t.C {
			o.mu.Lock()
			for p, off := range o.max {
				cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{topic: {p: {Epoch: -1, Offset: off + 1}}}) // want `highest completed offset passed to MarkCommitOffsets: records of a partition finish out of order, so the maximum runs ahead of records still in flight, and franz-go marks are forward-only`
			}
			o.mu.Unlock()
		}
	}()
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { jobs <- r })
	}
}

// poolTickerMax's twin: a single worker applies the records in order, so
// the maximum is the last record applied.
func workerTickerMax(ctx context.Context, cl *kgo.Client, topic string) {
	o := &offsets{max: map[int32]int64{}}
	jobs := make(chan *kgo.Record, 256)
	go func() {
		for r := range jobs {
			apply(ctx, r)
			o.finished(r)
		}
	}()
	go func() {
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for range t.C {
			o.mu.Lock()
			for p, off := range o.max {
				cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{topic: {p: {Epoch: -1, Offset: off + 1}}}) // ok: the maximum of one worker
			}
			o.mu.Unlock()
		}
	}()
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { jobs <- r })
	}
}

// tickerMax's twin: the goroutines report to a low-water-mark tracker
// and keep the highest low-water mark it returned under the mutex; the
// ticker marks that, below which every message is done.
func tickerLowWater(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	tr := lowwater.New()
	tp := lowwater.TopicPartition{Topic: claim.Topic(), Partition: claim.Partition()}
	p := &progress{max: -1}
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	go func() {
		for range ticker.C {
			if next := p.highest(); next >= 0 {
				sess.MarkOffset(claim.Topic(), claim.Partition(), next, "") // ok: the low-water mark
			}
		}
	}()
	for msg := range claim.Messages() {
		if err := tr.Start(tp, msg.Offset); err != nil {
			return err
		}
		go func() {
			process(msg)
			if next, ok := tr.Done(tp, msg.Offset); ok {
				p.finished(next)
			}
		}()
	}
	return nil
}

// tickerMax's other twin: the goroutines record what they finished under
// the mutex, and the ticker marks the end of the contiguous run of
// finished offsets from the first one: a low-water mark.
func tickerPrefix(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var mu sync.Mutex
	finished := map[int64]bool{}
	next := int64(-1)
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	go func() {
		for range ticker.C {
			mu.Lock()
			for finished[next] {
				delete(finished, next)
				next++
			}
			low := next
			mu.Unlock()
			if low >= 0 {
				sess.MarkOffset(claim.Topic(), claim.Partition(), low, "") // ok: the end of the contiguous prefix
			}
		}
	}()
	for msg := range claim.Messages() {
		mu.Lock()
		if next < 0 {
			next = msg.Offset
		}
		mu.Unlock()
		go func() {
			process(msg)
			mu.Lock()
			finished[msg.Offset] = true
			mu.Unlock()
		}()
	}
	return nil
}

func lane(key []byte, n int) int {
	h := fnv.New32a()
	h.Write(key)
	return int(h.Sum32() % uint32(n))
}

// The claim's messages are fanned out by key to lanes, each with its own
// worker marking what it finished: a partition's messages finish out of
// order across lanes.
func keyLanes(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, 8)
	var wg sync.WaitGroup
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 64)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				process(m)
				sess.MarkMessage(m, "") // want `call to MarkMessage from workers of lanes not chosen by partition: records of a partition finish out of order and sarama marks are forward-only`
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		lanes[lane(msg.Key, len(lanes))] <- msg
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}

// Lanes chosen by key in a select that gives up when the session ends.
func keyLanesSelect(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, 8)
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 64)
		go func() {
			for m := range lanes[i] {
				process(m)
				sess.MarkMessage(m, "") // want `call to MarkMessage from workers of lanes not chosen by partition`
			}
		}()
	}
	for msg := range claim.Messages() {
		select {
		case lanes[lane(msg.Key, len(lanes))] <- msg:
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}

// keyLanesSelect's twin: the select routes by partition.
func partitionLanesSelect(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, 8)
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 64)
		go func() {
			for m := range lanes[i] {
				process(m)
				sess.MarkMessage(m, "") // ok: one lane per partition
			}
		}()
	}
	for msg := range claim.Messages() {
		select {
		case lanes[int(msg.Partition)%len(lanes)] <- msg:
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}

// keyLanes's twin: records are routed to lanes by partition, so each
// partition's records stay in one lane, in order.
func partitionLanes(ctx context.Context, cl *kgo.Client) {
	lanes := make([]chan *kgo.Record, 8)
	for i := range lanes {
		ch := make(chan *kgo.Record, 64)
		lanes[i] = ch
		go func() {
			for r := range ch {
				apply(ctx, r)
				if err := cl.CommitRecords(ctx, r); err != nil { // ok: one lane per partition
					log.Printf("commit: %v", err)
				}
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			lanes[int(r.Partition)%len(lanes)] <- r
		})
	}
}

// franz-go lanes by key: the records of a partition spread over lanes.
func keyLanesCommit(ctx context.Context, cl *kgo.Client) {
	lanes := make([]chan *kgo.Record, 8)
	for i := range lanes {
		ch := make(chan *kgo.Record, 64)
		lanes[i] = ch
		go func() {
			for r := range ch {
				apply(ctx, r)
				if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords from workers of lanes not chosen by partition`
					log.Printf("commit: %v", err)
				}
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			lanes[lane(r.Key, len(lanes))] <- r
		})
	}
}

// keyLanes's other twin: the lane workers mark through a tracker the
// consume loop starts each message in.
func keyLanesTracked(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	tr := lowwater.New()
	lanes := make([]chan *sarama.ConsumerMessage, 8)
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 64)
		go func(in <-chan *sarama.ConsumerMessage) {
			for m := range in {
				process(m)
				if next, ok := tr.Done(lowwater.TopicPartition{Topic: m.Topic, Partition: m.Partition}, m.Offset); ok {
					sess.MarkOffset(m.Topic, m.Partition, next, "") // ok: the low-water mark
				}
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		if err := tr.Start(lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}, msg.Offset); err != nil {
			return err
		}
		lanes[lane(msg.Key, len(lanes))] <- msg
	}
	return nil
}

// confluent-kafka-go lanes by key, stores made by the lane workers. The
// message's partition is not a field of its own, so the fix sends every
// message to the first lane.
func keyLanesStore(c *kafka.Consumer, handle func(*kafka.Message)) {
	var lanes [4]chan *kafka.Message
	for i := range lanes {
		lanes[i] = make(chan *kafka.Message, 64)
		go func() {
			for m := range lanes[i] {
				handle(m)
				if _, err := c.StoreMessage(m); err != nil { // want `call to StoreMessage from workers of lanes not chosen by partition`
					log.Printf("store: %v", err)
				}
			}
		}()
	}
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		lanes[lane(m.Key, len(lanes))] <- m
	}
}

// keyLanesStore's twin: messages are routed by their partition.
func partitionLanesStore(c *kafka.Consumer, handle func(*kafka.Message)) {
	var lanes [4]chan *kafka.Message
	for i := range lanes {
		lanes[i] = make(chan *kafka.Message, 64)
		go func() {
			for m := range lanes[i] {
				handle(m)
				if _, err := c.StoreMessage(m); err != nil { // ok: one lane per partition
					log.Printf("store: %v", err)
				}
			}
		}()
	}
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		lanes[int(m.TopicPartition.Partition)%len(lanes)] <- m
	}
}
