// Package gaps holds hiwater shapes that were once left silent because no
// fix was built for them, each with the fix it gets now and a silent twin:
// pools whose worker count is used elsewhere or that count down, an
// errgroup over a stream in a function that returns nothing, and
// completion callbacks: a commit in an if's init (the loop waits for each
// callback), a mark made by a function returning nothing (a low-water
// mark).
package gaps

import (
	"context"
	"log"
	"runtime"

	"github.com/IBM/sarama"
	"github.com/offsetcommit/commitlint/lowwater"
	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"
)

func process(m *sarama.ConsumerMessage) {}

func processErr(ctx context.Context, m *sarama.ConsumerMessage) error { return nil }

func handle(m kafka.Message) error { return nil }

func handleErr(m *sarama.ConsumerMessage) error { return nil }

func reader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g", Topic: "t"})
}

// Workers report when they are done; the loop collecting the reports uses
// the worker count too. The fix sets it to 1 before the pool starts.
func collected(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, n int) {
	jobs := make(chan *sarama.ConsumerMessage, n)
	done := make(chan struct{})
	for i := 0; i < n; i++ {
		go func() {
			for m := range jobs {
				process(m)
				sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers: records of a partition finish out of order and sarama marks are forward-only`
			}
			done <- struct{}{}
		}()
	}
	for msg := range claim.Messages() {
		jobs <- msg
	}
	close(jobs)
	for i := 0; i < n; i++ {
		<-done
	}
}

// collected's twin: the workers mark the low-water mark of a tracker the
// loop starts each message in.
func collectedTracked(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, n int) error {
	tr := lowwater.New()
	jobs := make(chan *sarama.ConsumerMessage, n)
	done := make(chan struct{})
	for i := 0; i < n; i++ {
		go func() {
			for m := range jobs {
				process(m)
				if next, ok := tr.Done(lowwater.TopicPartition{Topic: m.Topic, Partition: m.Partition}, m.Offset); ok {
					sess.MarkOffset(m.Topic, m.Partition, next, "") // ok: a low-water mark
				}
			}
			done <- struct{}{}
		}()
	}
	for msg := range claim.Messages() {
		if err := tr.Start(lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}, msg.Offset); err != nil {
			return err
		}
		jobs <- msg
	}
	close(jobs)
	for i := 0; i < n; i++ {
		<-done
	}
	return nil
}

// pool is a handler whose worker count is configured.
type pool struct{ workers int }

// A pool sized by a field that the loop waiting for the workers uses too:
// the fix declares a count of 1 used by both.
func (p *pool) drain(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	jobs := make(chan *sarama.ConsumerMessage, p.workers)
	done := make(chan struct{}, p.workers)
	for range p.workers {
		go func() {
			defer func() { done <- struct{}{} }()
			for m := range jobs {
				process(m)
				sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
			}
		}()
	}
	for msg := range claim.Messages() {
		jobs <- msg
	}
	close(jobs)
	for range p.workers {
		<-done
	}
}

// drain's twin: the workers mark a tracker's low-water mark.
func (p *pool) drainTracked(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	tr := lowwater.New()
	jobs := make(chan *sarama.ConsumerMessage, p.workers)
	done := make(chan struct{}, p.workers)
	for range p.workers {
		go func() {
			defer func() { done <- struct{}{} }()
			for m := range jobs {
				process(m)
				if next, ok := tr.Done(lowwater.TopicPartition{Topic: m.Topic, Partition: m.Partition}, m.Offset); ok {
					sess.MarkOffset(m.Topic, m.Partition, next, "") // ok: a low-water mark
				}
			}
		}()
	}
	for msg := range claim.Messages() {
		if err := tr.Start(lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}, msg.Offset); err != nil {
			return err
		}
		jobs <- msg
	}
	close(jobs)
	for range p.workers {
		<-done
	}
	return nil
}

// A pool of one worker per CPU; the loop waiting for them asks again.
func perCPU(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	jobs := make(chan *sarama.ConsumerMessage)
	done := make(chan struct{})
	for range runtime.NumCPU() {
		go func() {
			for m := range jobs {
				process(m)
				sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
			}
			done <- struct{}{}
		}()
	}
	for msg := range claim.Messages() {
		jobs <- msg
	}
	close(jobs)
	for range runtime.NumCPU() {
		<-done
	}
}

// perCPU's twin: one worker per CPU, each with its own claim's messages
// routed by partition.
func perCPULanes(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	lanes := make([]chan *sarama.ConsumerMessage, runtime.NumCPU())
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage)
		go func() {
			for m := range lanes[i] {
				process(m)
				sess.MarkMessage(m, "") // ok: a partition goes to one lane
			}
		}()
	}
	for msg := range claim.Messages() {
		lanes[int(msg.Partition)%len(lanes)] <- msg
	}
}

// Workers started by a loop counting down.
func countdown(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	jobs := make(chan *sarama.ConsumerMessage)
	for i := 4; i > 0; i-- {
		go func() {
			for m := range jobs {
				process(m)
				sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
			}
		}()
	}
	for msg := range claim.Messages() {
		jobs <- msg
	}
}

// countdown's twin: the loop counts down from 1, one worker.
func countdownOne(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	jobs := make(chan *sarama.ConsumerMessage)
	for i := 1; i > 0; i-- {
		go func() {
			for m := range jobs {
				process(m)
				sess.MarkMessage(m, "") // ok: a single worker
			}
		}()
	}
	for msg := range claim.Messages() {
		jobs <- msg
	}
}

// An errgroup over the claim's stream in a function that returns nothing:
// the group function cannot return its error in place, so the group runs
// one function at a time.
func groupStream(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	g, ctx := errgroup.WithContext(sess.Context())
	for msg := range claim.Messages() {
		g.Go(func() error {
			if err := processErr(ctx, msg); err != nil {
				return err
			}
			sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record errgroup function`
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		log.Printf("claim %d: %v", claim.Partition(), err)
	}
}

// groupStream's twin: the group is limited to one function at a time.
func groupStreamLimited(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	g, ctx := errgroup.WithContext(sess.Context())
	g.SetLimit(1)
	for msg := range claim.Messages() {
		g.Go(func() error {
			if err := processErr(ctx, msg); err != nil {
				return err
			}
			sess.MarkMessage(msg, "") // ok: one function at a time, in order
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		log.Printf("claim %d: %v", claim.Partition(), err)
	}
}

// publisher is an asynchronous client: cb runs once the broker has
// acknowledged data.
type publisher interface {
	PublishAsync(data []byte, cb func(error))
}

// A kafka-go commit from a completion callback: the client model spells
// no low-water write for it, so the loop waits for each callback.
func forwarded(ctx context.Context, pub publisher) error {
	r := reader()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		pub.PublishAsync(m.Value, func(err error) {
			if err != nil {
				log.Printf("publish %d: %v", m.Offset, err)
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a completion callback made for each message: callbacks run as the work finishes, in any order, and kafka-go commits are last-write-wins`
				log.Printf("commit: %v", err)
			}
		})
	}
}

// forwarded's twin: the loop waits for each callback.
func forwardedWaited(ctx context.Context, pub publisher) error {
	r := reader()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		acked := make(chan struct{})
		pub.PublishAsync(m.Value, func(err error) {
			defer close(acked)
			if err == nil {
				r.CommitMessages(ctx, m) // ok: the loop waits for the callback
			}
		})
		<-acked
	}
}

// A sarama mark from a completion callback in a function that returns
// nothing: the fix tracks a low-water mark all the same (a Start that
// fails starts the partition over; nothing is returned).
func publishedVoid(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, pub publisher) {
	for msg := range claim.Messages() {
		pub.PublishAsync(msg.Value, func(err error) {
			if err == nil {
				sess.MarkMessage(msg, "") // want `call to MarkMessage from a completion callback`
			}
		})
	}
}

// publishedVoid's twin: the callback is handed a tracker's low-water
// mark.
func publishedTracked(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, pub publisher) {
	tr := lowwater.New()
	for msg := range claim.Messages() {
		tp := lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}
		if err := tr.Start(tp, msg.Offset); err != nil {
			log.Printf("start %d: %v", msg.Offset, err)
			return
		}
		pub.PublishAsync(msg.Value, func(err error) {
			if next, ok := tr.Done(tp, msg.Offset); ok {
				sess.MarkOffset(msg.Topic, msg.Partition, next, "") // ok: a low-water mark
			}
		})
	}
}

// A batch whose goroutines mark what succeeded and send their result to a
// channel the loop drains after starting them all: run in place, each
// would wait for a receive that comes later, so the channel gets room for
// the whole batch.
func results(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) {
	errs := make(chan error)
	for _, m := range batch {
		go func() {
			err := handleErr(m)
			if err == nil {
				sess.MarkMessage(m, "") // want `call to MarkMessage from a per-record goroutine`
			}
			errs <- err
		}()
	}
	for range batch {
		if err := <-errs; err != nil {
			log.Print(err)
		}
	}
}

// results's twin: the goroutines only process; the batch is marked after
// every result is in.
func resultsJoined(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) {
	errs := make(chan error)
	for _, m := range batch {
		go func() {
			errs <- handleErr(m)
		}()
	}
	failed := false
	for range batch {
		if err := <-errs; err != nil {
			log.Print(err)
			failed = true
		}
	}
	if !failed && len(batch) > 0 {
		sess.MarkMessage(batch[len(batch)-1], "") // ok: after the join
	}
}

// An errgroup owned by the caller, in a function returning nothing: the
// function is called in place and its error handed to the group.
func groupOfCaller(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, g *errgroup.Group) {
	for msg := range claim.Messages() {
		g.Go(func() error {
			if err := handleErr(msg); err != nil {
				return err
			}
			sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record errgroup function`
			return nil
		})
	}
}

// groupOfCaller's twin: the work runs in place, only a failure goes to
// the group.
func groupOfCallerInPlace(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, g *errgroup.Group) {
	for msg := range claim.Messages() {
		if err := handleErr(msg); err != nil {
			g.Go(func() error { return err })
			continue
		}
		sess.MarkMessage(msg, "") // ok: sequential
	}
}

// A goroutine per message that waits for a start signal the loop gives
// after starting it: it cannot run in place, so the loop waits for it at
// the end of the iteration.
func started(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	for msg := range claim.Messages() {
		ready := make(chan struct{})
		go func() {
			<-ready
			process(msg)
			sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record goroutine`
		}()
		log.Printf("started %d", msg.Offset)
		close(ready)
	}
}

// started's twin: the loop waits for each goroutine before the next
// message.
func startedWaited(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	for msg := range claim.Messages() {
		ready := make(chan struct{})
		finished := make(chan struct{})
		go func() {
			defer close(finished)
			<-ready
			process(msg)
			sess.MarkMessage(msg, "") // ok: joined before the next message
		}()
		close(ready)
		<-finished
	}
}

// A batch whose goroutines send each finished message back to the
// function that started them, which marks them as they arrive.
func arrivals(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) {
	finished := make(chan *sarama.ConsumerMessage)
	for _, m := range batch {
		go func() {
			process(m)
			finished <- m
		}()
	}
	for range batch {
		sess.MarkMessage(<-finished, "") // want `completions passed to MarkMessage in arrival order`
	}
}

// arrivals's twin: a channel per message, received in batch order.
func arrivalsInOrder(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) {
	finished := make([]chan *sarama.ConsumerMessage, len(batch))
	for i, m := range batch {
		finished[i] = make(chan *sarama.ConsumerMessage, 1)
		go func() {
			process(m)
			finished[i] <- m
		}()
	}
	for i := range batch {
		sess.MarkMessage(<-finished[i], "") // ok: received in offset order
	}
}
