package collectors

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/offsetcommit/commitlint/lowwater"
	"github.com/segmentio/kafka-go"
)

func handleMessage(m *sarama.ConsumerMessage) error { return nil }

// reporting starts a goroutine per message that marks it, or reports its
// failure to the select receiving the messages: the goroutine can neither
// run in place (its send would wait for the loop) nor be waited for in the
// select (once per claim, ConsumeClaim runs per partition).
type reporting struct{}

func (reporting) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (reporting) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (reporting) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	failures := make(chan error)
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			go func() {
				if err := handleMessage(msg); err != nil {
					failures <- err
					return
				}
				sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record goroutine`
			}()
		case err := <-failures:
			log.Printf("handle: %v", err)
		case <-sess.Context().Done():
			return nil
		}
	}
}

// trackedReporting is reporting's twin: each goroutine marks the low-water
// mark of a tracker the loop starts the messages in.
type trackedReporting struct{}

func (trackedReporting) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (trackedReporting) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (trackedReporting) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	failures := make(chan error)
	inFlight := lowwater.New()
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			tp := lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}
			if err := inFlight.Start(tp, msg.Offset); err != nil {
				return err
			}
			go func() {
				if err := handleMessage(msg); err != nil {
					failures <- err
					return
				}
				if next, ok := inFlight.Done(tp, msg.Offset); ok {
					sess.MarkOffset(msg.Topic, msg.Partition, next, "") // ok: a low-water mark
				}
			}()
		case err := <-failures:
			log.Printf("handle: %v", err)
		case <-sess.Context().Done():
			return nil
		}
	}
}

// committingEach starts a goroutine per message that commits it, or
// reports its failure to the select receiving the messages.
func committingEach(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	msgs := fetch(ctx, r)
	failures := make(chan error)
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				return nil
			}
			go func() {
				if err := handle(ctx, m); err != nil {
					failures <- err
					return
				}
				if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a per-record goroutine`
					failures <- err
				}
			}()
		case err := <-failures:
			log.Printf("offset: %v", err)
		}
	}
}

// committingInOrder is committingEach's twin: the select's message case
// handles and commits in place.
func committingInOrder(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	msgs := fetch(ctx, r)
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				return nil
			}
			if err := handle(ctx, m); err != nil {
				log.Printf("offset %d: %v", m.Offset, err)
				continue
			}
			if err := r.CommitMessages(ctx, m); err != nil { // ok: handled in place, in order
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
