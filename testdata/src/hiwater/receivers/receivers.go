// Package receivers holds hiwater cases of commit callbacks sent over a
// channel with their records: one goroutine receiving them runs them in the
// order the poll loop made them; several receivers, or a goroutine per
// callback, run them as the work finishes.
package receivers

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// result is a record's value with the function committing it.
type result struct {
	Value  []byte
	Commit func()
}

func apply(v []byte) {}

func upsert(ctx context.Context, batch []result) error { return nil }

// readOne sends each message with its commit to consumeInOrder.
func readOne(c *kafka.Consumer, out chan<- result) {
	defer close(out)
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		out <- result{Value: msg.Value, Commit: func() {
			if _, err := c.CommitMessage(msg); err != nil { // ok: one receiver calls the callbacks in order
				log.Printf("commit: %v", err)
			}
		}}
	}
}

// consumeInOrder applies and commits each record on its own goroutine, one
// at a time.
func consumeInOrder(c *kafka.Consumer) {
	out := make(chan result)
	go readOne(c, out)
	for r := range out {
		apply(r.Value)
		r.Commit()
	}
}

// readBatched sends each message with its commit to consumeBatches.
func readBatched(ctx context.Context, c *kafka.Consumer, out chan<- result) {
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		select {
		case out <- result{Value: msg.Value, Commit: func() {
			if _, err := c.CommitMessage(msg); err != nil { // ok: one receiver calls the callbacks in order, a batch at a time
				log.Printf("commit: %v", err)
			}
		}}:
		case <-ctx.Done():
			return
		}
	}
}

// consumeBatches upserts 96 records at a time from one goroutine, then
// commits them in the order they came.
func consumeBatches(ctx context.Context, c *kafka.Consumer) {
	out := make(chan result, 96)
	go func() {
		var batch []result
		for r := range out {
			batch = append(batch, r)
			if len(batch) < 96 {
				continue
			}
			if err := upsert(ctx, batch); err != nil {
				log.Printf("upsert: %v", err)
				return
			}
			for _, b := range batch {
				b.Commit()
			}
			batch = batch[:0]
		}
	}()
	readBatched(ctx, c, out)
}

// readPooled sends each message with its commit to consumePooled's
// workers.
func readPooled(c *kafka.Consumer, out chan<- result) {
	defer close(out)
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		out <- result{Value: msg.Value, Commit: func() {
			if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage from a completion callback made for each message: callbacks run as the work finishes, in any order`
				log.Printf("commit: %v", err)
			}
		}}
	}
}

// consumePooled applies and commits the records on four goroutines.
func consumePooled(c *kafka.Consumer) {
	out := make(chan result)
	go readPooled(c, out)
	for i := 0; i < 4; i++ {
		go func() {
			for r := range out {
				apply(r.Value)
				r.Commit()
			}
		}()
	}
}

// readEach sends each message with its commit to consumeEach.
func readEach(c *kafka.Consumer, out chan<- result) {
	defer close(out)
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		out <- result{Value: msg.Value, Commit: func() {
			if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage from a completion callback made for each message: callbacks run as the work finishes, in any order`
				log.Printf("commit: %v", err)
			}
		}}
	}
}

// consumeEach applies and commits each record on a goroutine of its own.
func consumeEach(c *kafka.Consumer) {
	out := make(chan result)
	go readEach(c, out)
	for r := range out {
		go func() {
			apply(r.Value)
			r.Commit()
		}()
	}
}

// readCalled sends each message with its commit to drain.
func readCalled(c *kafka.Consumer, out chan<- result) {
	defer close(out)
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		out <- result{Value: msg.Value, Commit: func() {
			if _, err := c.CommitMessage(msg); err != nil { // ok: one receiver, drain, called by the function making the channel
				log.Printf("commit: %v", err)
			}
		}}
	}
}

// drain applies and commits each record it receives, in order.
func drain(out <-chan result) {
	for r := range out {
		apply(r.Value)
		r.Commit()
	}
}

// consumeCalled drains the channel on its own goroutine.
func consumeCalled(c *kafka.Consumer) {
	out := make(chan result)
	go readCalled(c, out)
	drain(out)
}

// readTwice sends each message with its commit to consumeTwice's two
// receivers.
func readTwice(c *kafka.Consumer, out chan<- result) {
	defer close(out)
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		out <- result{Value: msg.Value, Commit: func() {
			if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage from a completion callback made for each message`
				log.Printf("commit: %v", err)
			}
		}}
	}
}

// drainTwice applies and commits each record it receives.
func drainTwice(out <-chan result) {
	for r := range out {
		apply(r.Value)
		r.Commit()
	}
}

// consumeTwice drains the channel on two goroutines.
func consumeTwice(c *kafka.Consumer) {
	out := make(chan result)
	go readTwice(c, out)
	go drainTwice(out)
	go drainTwice(out)
}
