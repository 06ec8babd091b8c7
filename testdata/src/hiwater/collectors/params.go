package collectors

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"
)

// passing hands each message to its goroutine as an argument (go
// func(m) { ... }(msg)) and marks the completions in the select receiving
// the messages.
type passing struct{}

func (passing) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (passing) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (passing) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan *sarama.ConsumerMessage)
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			go func(m *sarama.ConsumerMessage) {
				if err := handleMessage(m); err != nil {
					log.Printf("message %d: %v", m.Offset, err)
				}
				done <- m
			}(msg)
		case m := <-done:
			sess.MarkMessage(m, "") // want `completions passed to MarkMessage in arrival order`
		case <-sess.Context().Done():
			return nil
		}
	}
}

// passingInOrder is passing's twin: one goroutine at a time.
type passingInOrder struct{}

func (passingInOrder) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (passingInOrder) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (passingInOrder) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan *sarama.ConsumerMessage)
	for msg := range claim.Messages() {
		go func(m *sarama.ConsumerMessage) {
			if err := handleMessage(m); err != nil {
				log.Printf("message %d: %v", m.Offset, err)
			}
			done <- m
		}(msg)
		sess.MarkMessage(<-done, "") // ok: one message in flight at a time
	}
	return nil
}

// markingEach passes each record to a goroutine that marks it, or
// reports its failure to the select receiving the records; it returns
// nothing.
func markingEach(ctx context.Context, cl *kgo.Client) {
	failures := make(chan error)
	records := poll(ctx, cl)
	for {
		select {
		case rec, ok := <-records:
			if !ok {
				return
			}
			go func(r *kgo.Record) {
				if err := process(ctx, r); err != nil {
					failures <- err
					return
				}
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a per-record goroutine`
			}(rec)
		case err := <-failures:
			log.Printf("process: %v", err)
		}
	}
}

// markingAfter is markingEach's twin: the select's record case processes
// in place.
func markingAfter(ctx context.Context, cl *kgo.Client) {
	records := poll(ctx, cl)
	for {
		select {
		case rec, ok := <-records:
			if !ok {
				return
			}
			if err := process(ctx, rec); err != nil {
				log.Printf("process: %v", err)
				continue
			}
			cl.MarkCommitRecords(rec) // ok: processed in place, in order
		case <-ctx.Done():
			return
		}
	}
}
