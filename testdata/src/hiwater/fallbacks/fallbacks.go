// Package fallbacks holds hiwater cases once left silent for want of a
// fix (issue #13 item 4): errgroup functions started with TryGo.
package fallbacks

import (
	"context"
	"hash/crc32"
	"log"
	"sync"
	"time"

	"github.com/IBM/sarama"
	"github.com/offsetcommit/commitlint/lowwater"
	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

func process(ctx context.Context, r *kgo.Record) error { return nil }

// tryEach starts a group function per record when the group has room and
// processes the record itself otherwise; each marks its record.
func tryEach(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(8)
		for _, r := range fetches.Records() {
			if !g.TryGo(func() error {
				if err := process(gctx, r); err != nil {
					return err
				}
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a per-record errgroup function`
				return nil
			}) {
				log.Printf("busy: record %d waits for the next poll", r.Offset)
			}
		}
		if err := g.Wait(); err != nil {
			log.Printf("batch: %v", err)
		}
	}
}

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return nil
}

func handle(m *sarama.ConsumerMessage) error { return nil }

// tryStream starts a group function per message of a claim, dropping the
// message when the group is full.
func tryStream(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, g *errgroup.Group) {
	for msg := range claim.Messages() {
		g.TryGo(func() error {
			if err := handle(msg); err != nil {
				return err
			}
			sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record errgroup function`
			return nil
		})
	}
}

// tryInPlace is the twin: the work runs in place, only failures are
// handed to the group.
func tryInPlace(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, g *errgroup.Group) {
	for msg := range claim.Messages() {
		if err := handle(msg); err != nil {
			g.TryGo(func() error { return err })
			continue
		}
		sess.MarkMessage(msg, "") // ok: marked in place, in order
	}
}

// tryWait waits for room in the group before each record, each function
// marking its record.
func tryWait(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(8)
		for _, r := range fetches.Records() {
			for !g.TryGo(func() error {
				if err := process(gctx, r); err != nil {
					return err
				}
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a per-record errgroup function`
				return nil
			}) {
				time.Sleep(time.Millisecond)
			}
		}
		if err := g.Wait(); err != nil {
			log.Printf("batch: %v", err)
		}
	}
}

// tryWaitJoined is tryWait's twin: the functions only process, and the
// batch is marked once the group is done.
func tryWaitJoined(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(8)
		for _, r := range fetches.Records() {
			for !g.TryGo(func() error { return process(gctx, r) }) {
				time.Sleep(time.Millisecond)
			}
		}
		if err := g.Wait(); err != nil {
			log.Printf("batch: %v", err)
			continue
		}
		cl.MarkCommitRecords(fetches.Records()...) // ok: marked after the group is done
	}
}

// tryCount counts the messages it starts a group function for and logs
// the ones dropped because the group is full; each function marks its
// message.
func tryCount(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, g *errgroup.Group) int {
	started := 0
	for msg := range claim.Messages() {
		if g.TryGo(func() error {
			if err := handle(msg); err != nil {
				return err
			}
			sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record errgroup function`
			return nil
		}) {
			started++
		} else {
			log.Printf("busy: message %d dropped", msg.Offset)
		}
	}
	return started
}

// tryInit starts a group function per record when the group has room, the
// result of TryGo tested in the if's init; each function marks its record.
func tryInit(ctx context.Context, cl *kgo.Client, g *errgroup.Group) error {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if ok := g.TryGo(func() error {
				if err := process(ctx, r); err != nil {
					return err
				}
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a per-record errgroup function`
				return nil
			}); !ok {
				log.Printf("busy: record %d dropped", r.Offset)
			}
		}
	}
	return ctx.Err()
}

// tryInitJoined is tryInit's twin: the functions only process, and the
// batch is marked once the group is done.
func tryInitJoined(ctx context.Context, cl *kgo.Client) error {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		var g errgroup.Group
		g.SetLimit(8)
		for _, r := range fetches.Records() {
			if ok := g.TryGo(func() error { return process(ctx, r) }); !ok {
				if err := process(ctx, r); err != nil {
					return err
				}
			}
		}
		if err := g.Wait(); err != nil {
			return err
		}
		cl.MarkCommitRecords(fetches.Records()...) // ok: marked after the group is done
	}
	return ctx.Err()
}

// pair starts two workers by two go statements; both receive from one
// channel and mark what they finish.
type pair struct{}

func (pair) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (pair) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h pair) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	var wg sync.WaitGroup
	wg.Add(2)
	go h.work(sess, jobs, &wg)
	go h.work(sess, jobs, &wg)
	for msg := range claim.Messages() {
		jobs <- msg
	}
	close(jobs)
	wg.Wait()
	return nil
}

func (pair) work(sess sarama.ConsumerGroupSession, jobs <-chan *sarama.ConsumerMessage, wg *sync.WaitGroup) {
	defer wg.Done()
	for m := range jobs {
		if err := handle(m); err != nil {
			log.Printf("message %d: %v", m.Offset, err)
			continue
		}
		sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
	}
}

// trio starts three closures by three go statements, each counted by its
// own wg.Add(1).
func trio(ctx context.Context, cl *kgo.Client) {
	recs := make(chan *kgo.Record)
	var wg sync.WaitGroup
	worker := func() {
		defer wg.Done()
		for r := range recs {
			if process(ctx, r) == nil {
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a pool of workers`
			}
		}
	}
	wg.Add(1)
	go worker()
	wg.Add(1)
	go worker()
	wg.Add(1)
	go worker()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			break
		}
		for _, r := range fetches.Records() {
			recs <- r
		}
	}
	close(recs)
	wg.Wait()
}

// split is the twin: two workers, each fed its own channel, the messages
// routed by partition.
type split struct{}

func (split) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (split) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h split) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	even, odd := make(chan *sarama.ConsumerMessage), make(chan *sarama.ConsumerMessage)
	var wg sync.WaitGroup
	wg.Add(2)
	go h.lane(sess, even, &wg)
	go h.lane(sess, odd, &wg)
	for msg := range claim.Messages() {
		if msg.Partition%2 == 0 {
			even <- msg
		} else {
			odd <- msg
		}
	}
	close(even)
	close(odd)
	wg.Wait()
	return nil
}

func (split) lane(sess sarama.ConsumerGroupSession, msgs <-chan *sarama.ConsumerMessage, wg *sync.WaitGroup) {
	defer wg.Done()
	for m := range msgs {
		if handle(m) == nil {
			sess.MarkMessage(m, "") // ok: one worker per channel, routed by partition
		}
	}
}

// collecting starts a goroutine per message and marks the completions in
// the same select that receives the messages: the loop is its own
// collector, marking in completion order.
type collecting struct{}

func (collecting) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (collecting) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (collecting) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan *sarama.ConsumerMessage)
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			go func() {
				if err := handle(msg); err != nil {
					log.Printf("message %d: %v", msg.Offset, err)
				}
				done <- msg
			}()
		case m := <-done:
			sess.MarkMessage(m, "") // want `completions passed to MarkMessage in arrival order`
		case <-sess.Context().Done():
			return nil
		}
	}
}

// awaiting is the twin: after starting a message's goroutine the loop
// waits for its completion (or the end of the session) before the next.
type awaiting struct{}

func (awaiting) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (awaiting) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (awaiting) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan *sarama.ConsumerMessage)
	for msg := range claim.Messages() {
		go func() {
			if err := handle(msg); err != nil {
				log.Printf("message %d: %v", msg.Offset, err)
			}
			done <- msg
		}()
		select {
		case m := <-done:
			sess.MarkMessage(m, "") // ok: one message in flight at a time
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}

// trackedCollecting is collecting's other twin: the loop starts each
// message in a tracker and marks its low-water mark as completions come.
type trackedCollecting struct{}

func (trackedCollecting) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (trackedCollecting) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (trackedCollecting) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan *sarama.ConsumerMessage)
	inFlight := lowwater.New()
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := inFlight.Start(lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}, msg.Offset); err != nil {
				return err
			}
			go func() {
				if err := handle(msg); err != nil {
					log.Printf("message %d: %v", msg.Offset, err)
				}
				done <- msg
			}()
		case m := <-done:
			if next, ok := inFlight.Done(lowwater.TopicPartition{Topic: m.Topic, Partition: m.Partition}, m.Offset); ok {
				sess.MarkOffset(m.Topic, m.Partition, next, "") // ok: a low-water mark
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

// keyLane picks a message's lane from its key.
func keyLane(key []byte, n int) int { return int(crc32.ChecksumIEEE(key)) % n }

// keyed spreads the messages of a claim over lanes kept in a map, by key,
// each lane with its own worker marking what it finishes.
type keyed struct{ n int }

func (keyed) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (keyed) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h keyed) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make(map[int]chan *sarama.ConsumerMessage, h.n)
	var wg sync.WaitGroup
	for i := 0; i < h.n; i++ {
		lanes[i] = make(chan *sarama.ConsumerMessage, 16)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				if handle(m) == nil {
					sess.MarkMessage(m, "") // want `call to MarkMessage from workers of lanes not chosen by partition`
				}
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		lanes[keyLane(msg.Key, h.n)] <- msg
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}

// keyedByPartition is the twin: the map's lanes are chosen by partition.
type keyedByPartition struct{ n int }

func (keyedByPartition) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (keyedByPartition) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h keyedByPartition) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make(map[int]chan *sarama.ConsumerMessage, h.n)
	var wg sync.WaitGroup
	for i := 0; i < h.n; i++ {
		lanes[i] = make(chan *sarama.ConsumerMessage, 16)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				if handle(m) == nil {
					sess.MarkMessage(m, "") // ok: a partition's messages share a lane
				}
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		lanes[int(msg.Partition)%h.n] <- msg
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}

// perTopicPool starts as many workers as a map says for the topic, and
// waits for as many at the end.
func perTopicPool(ctx context.Context, cl *kgo.Client, topic string, perTopic map[string]int) {
	recs := make(chan *kgo.Record)
	exited := make(chan struct{}, perTopic[topic])
	for i := 0; i < perTopic[topic]; i++ {
		go func() {
			defer func() { exited <- struct{}{} }()
			for r := range recs {
				if process(ctx, r) == nil {
					cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a pool of workers`
				}
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			break
		}
		for _, r := range fetches.Records() {
			recs <- r
		}
	}
	close(recs)
	for i := 0; i < perTopic[topic]; i++ {
		<-exited
	}
}

// perTopicLanes is the twin: as many workers as the map says, each with a
// channel of its own, the records routed to them by partition.
func perTopicLanes(ctx context.Context, cl *kgo.Client, topic string, perTopic map[string]int) {
	lanes := make([]chan *kgo.Record, perTopic[topic])
	for i := range lanes {
		lanes[i] = make(chan *kgo.Record)
		go func(in <-chan *kgo.Record) {
			for r := range in {
				if process(ctx, r) == nil {
					cl.MarkCommitRecords(r) // ok: one worker per partition
				}
			}
		}(lanes[i])
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			break
		}
		for _, r := range fetches.Records() {
			lanes[int(r.Partition)%len(lanes)] <- r
		}
	}
	for _, l := range lanes {
		close(l)
	}
}

// roundRobin deals the claim's messages to its lanes in turn: consecutive
// messages of the partition run on different workers.
type roundRobin struct{}

func (roundRobin) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (roundRobin) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (roundRobin) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, 4)
	var wg sync.WaitGroup
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 16)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				if handle(m) == nil {
					sess.MarkMessage(m, "") // want `call to MarkMessage from workers of lanes not chosen by partition`
				}
			}
		}(lanes[i])
	}
	next := 0
	for msg := range claim.Messages() {
		lanes[next%len(lanes)] <- msg
		next++
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}

// dealt deals each poll's records to lanes by their index in the batch.
func dealt(ctx context.Context, cl *kgo.Client) {
	lanes := make([]chan *kgo.Record, 4)
	for i := range lanes {
		lanes[i] = make(chan *kgo.Record, 16)
		go func(in <-chan *kgo.Record) {
			for r := range in {
				if process(ctx, r) == nil {
					cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from workers of lanes not chosen by partition`
				}
			}
		}(lanes[i])
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			break
		}
		for i, r := range fetches.Records() {
			lanes[i%len(lanes)] <- r
		}
	}
}

// claimLanes is the twin: a counter picks one lane per claim, and all of
// the claim's messages go to it.
type claimLanes struct {
	lanes []chan *sarama.ConsumerMessage
	next  *int
}

func (claimLanes) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (claimLanes) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h claimLanes) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lane := h.lanes[*h.next%len(h.lanes)]
	*h.next++
	for msg := range claim.Messages() {
		lane <- msg
	}
	return nil
}

// run starts a worker per lane of claimLanes.
func (h claimLanes) run(sess sarama.ConsumerGroupSession) {
	for _, l := range h.lanes {
		go func(in <-chan *sarama.ConsumerMessage) {
			for m := range in {
				if handle(m) == nil {
					sess.MarkMessage(m, "") // ok: a claim's messages share a lane
				}
			}
		}(l)
	}
}
