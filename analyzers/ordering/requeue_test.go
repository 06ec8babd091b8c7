package ordering_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/ordering"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// requeueSrc stores each message, then sends it on to the next stage:
// the two channels come from one helper's make, so they may be the same
// one, but are not, and the send is a hand-off, not a re-queue (review
// 31-1: silent while a failed store's re-queue was recognised by the
// channels' roots).
const requeueSrc = `package requeue

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func queue() chan *kafka.Message { return make(chan *kafka.Message, 256) }

func route(c *kafka.Consumer, in, out chan *kafka.Message) {
	for {
		msg := <-in
		if _, err := c.StoreMessage(msg); err != nil { // want "call to StoreMessage before the message is sent on a channel to be processed"
			log.Printf("store: %v", err)
		}
		out <- msg
	}
}

func writeAll(out chan *kafka.Message) {
	for m := range out {
		log.Printf("%s", m.Value)
	}
}

// Run stores on delivery off and feeds the router.
func Run() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "router", "enable.auto.offset.store": false})
	if err != nil {
		return err
	}
	in, out := queue(), queue()
	go route(c, in, out)
	go writeAll(out)
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		in <- m
	}
}
`

// TestRequeueNoFix runs requeueSrc: the hand-off is reported, without a
// fix (the writer is another stage's loop).
func TestRequeueNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, ordering.Analyzer, "ordering/handoff", "requeue", requeueSrc) {
		if len(r.Diagnostics) != 1 {
			t.Errorf("%d findings, want 1", len(r.Diagnostics))
		}
	}
}
