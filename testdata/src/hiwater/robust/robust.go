// Package robust holds shapes the hiwater analyzer does not model: it must
// neither panic nor report; and a pool started by a range over a slice,
// reported with its fix.
package robust

import (
	"context"
	"sync"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"
)

func process(m *sarama.ConsumerMessage) {}

type marker interface {
	MarkMessage(msg *sarama.ConsumerMessage, metadata string)
}

// A generic helper started per message.
func startAll[T any](items []T, f func(T)) {
	for _, it := range items {
		go f(it)
	}
}

func generic(sess sarama.ConsumerGroupSession, msgs []*sarama.ConsumerMessage) {
	startAll(msgs, func(m *sarama.ConsumerMessage) {
		process(m)
		sess.MarkMessage(m, "") // ok: started through a function value, not modelled
	})
}

// A function value started per message.
func startEach(claim sarama.ConsumerGroupClaim, f func(*sarama.ConsumerMessage)) {
	for msg := range claim.Messages() {
		go f(msg)
	}
}

func funcValue(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	startEach(claim, func(m *sarama.ConsumerMessage) {
		process(m)
		sess.MarkMessage(m, "") // ok: known gap, started as a parameter's function value
	})
}

// A deferred mark (not a call the analyzer inspects).
func deferred(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	for msg := range claim.Messages() {
		go func() {
			defer sess.MarkMessage(msg, "") // ok: deferred calls are not inspected
			process(msg)
		}()
	}
}

// Recursion through a helper.
func walk(sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage, depth int) {
	if depth == 0 {
		sess.MarkMessage(m, "") // ok: sequential recursion
		return
	}
	walk(sess, m, depth-1)
}

func recursive(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	for msg := range claim.Messages() {
		walk(sess, msg, 3)
	}
}

// Workers started by a range over a slice rather than a counting loop: the
// fix starts the first one only.
type worker struct{ id int }

func pool(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, workers []worker) {
	jobs := make(chan *sarama.ConsumerMessage)
	for range workers {
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

// The first worker of the slice only: one worker, in channel order.
func firstOnly(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, workers []worker) {
	jobs := make(chan *sarama.ConsumerMessage)
	for range workers[:1] {
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

// Each goroutine reads the claim's channel itself.
func sharedClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range claim.Messages() {
				process(m)
				sess.MarkMessage(m, "") // ok: known gap, the channel is obtained inside each goroutine
			}
		}()
	}
	wg.Wait()
}

// An interface-held session.
func viaInterface(mk marker, claim sarama.ConsumerGroupClaim) {
	for msg := range claim.Messages() {
		go func() {
			process(msg)
			mk.MarkMessage(msg, "") // ok: not a modelled call
		}()
	}
}

// A goroutine per poll: the unit is the batch.
func perPoll(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	for {
		records := cl.PollFetches(ctx).Records()
		go func() {
			cl.CommitRecords(ctx, records...) // ok: known gap, goroutines per batch
		}()
	}
}

// Select over two record channels.
func selectLoop(sess sarama.ConsumerGroupSession, a, b <-chan *sarama.ConsumerMessage) {
	for {
		select {
		case m := <-a:
			process(m)
			sess.MarkMessage(m, "") // ok: sequential
		case m := <-b:
			process(m)
			sess.MarkMessage(m, "") // ok: sequential
		}
	}
}
