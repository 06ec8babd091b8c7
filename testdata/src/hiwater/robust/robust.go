// Package robust holds shapes the hiwater analyzer does not model: it must
// neither panic nor report; a pool started by a range over a slice,
// reported with its fix; and shapes once left as known gaps, now reported
// with theirs: a function value started through a parameter, a deferred
// mark, workers each ranging over the claim's channel, and goroutines per
// poll.
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
		sess.MarkMessage(m, "") // want `call to MarkMessage from a per-record goroutine`
	})
}

// A function value called per message, in place.
func callEach(claim sarama.ConsumerGroupClaim, f func(*sarama.ConsumerMessage)) {
	for msg := range claim.Messages() {
		f(msg)
	}
}

func funcValueInPlace(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	callEach(claim, func(m *sarama.ConsumerMessage) {
		process(m)
		sess.MarkMessage(m, "") // ok: called in place, in order
	})
}

// A deferred mark in a goroutine per message: it runs when the goroutine
// returns, out of order.
func deferred(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	for msg := range claim.Messages() {
		go func() {
			defer sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record goroutine`
			process(msg)
		}()
	}
}

// deferred's twin: the deferred mark of a helper the loop calls in place.
func handleOne(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	defer sess.MarkMessage(msg, "") // ok: sequential
	process(msg)
}

func deferredInPlace(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	for msg := range claim.Messages() {
		handleOne(sess, msg)
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
				sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
			}
		}()
	}
	wg.Wait()
}

// sharedClaim's twin: one goroutine reads the claim's channel.
func oneReader(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range claim.Messages() {
			process(m)
			sess.MarkMessage(m, "") // ok: a single reader
		}
	}()
	<-done
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

// A goroutine per poll: a later poll's batch can be committed before an
// earlier one's.
func perPoll(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	for {
		records := cl.PollFetches(ctx).Records()
		go func() {
			cl.CommitRecords(ctx, records...) // want `call to CommitRecords from a goroutine started for each batch: batches of a partition finish out of order`
		}()
	}
}

// A goroutine per poll marking its records one by one: a later poll's
// marks can come before an earlier one's.
func perPollMarks(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	for {
		records := cl.PollFetches(ctx).Records()
		go func() {
			for _, r := range records {
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a goroutine started for each batch`
			}
		}()
	}
}

// perPollMarks's twin: the poll loop waits for the batch's goroutine.
func perPollMarksJoined(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	for {
		records := cl.PollFetches(ctx).Records()
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, r := range records {
				cl.MarkCommitRecords(r) // ok: joined before the next poll
			}
		}()
		wg.Wait()
	}
}

// perPoll's twin: one committer goroutine takes the batches in order.
func oneCommitter(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	batches := make(chan []*kgo.Record, 4)
	go func() {
		for records := range batches {
			cl.CommitRecords(ctx, records...) // ok: one committer, batches in poll order
		}
	}()
	for {
		batches <- cl.PollFetches(ctx).Records()
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
