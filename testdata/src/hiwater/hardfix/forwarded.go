package hardfix

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

// publisher is an asynchronous client: PublishAsync queues data, or fails
// at once when its queue is full; cb runs once the broker has
// acknowledged data.
type publisher interface {
	PublishAsync(data []byte, cb func(error)) error
}

// forwarded commits each message from the callback of its publish: the
// callbacks run as the broker acknowledges, in any order. The publish is
// an if's init whose body returns when the publish fails: the fix waits
// for each callback after the if.
func forwarded(ctx context.Context, pub publisher) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := pub.PublishAsync(m.Value, func(err error) {
			if err != nil {
				log.Printf("publish %d: %v", m.Offset, err)
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a completion callback made for each message`
				log.Printf("commit: %v", err)
			}
		}); err != nil {
			return err
		}
	}
}

// forwardedWaited is forwarded's twin: the loop waits for each callback
// before fetching the next message.
func forwardedWaited(ctx context.Context, pub publisher) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		acked := make(chan struct{})
		if err := pub.PublishAsync(m.Value, func(err error) {
			defer close(acked)
			if err != nil {
				log.Printf("publish %d: %v", m.Offset, err)
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // ok: the loop waits for the callback
				log.Printf("commit: %v", err)
			}
		}); err != nil {
			return err
		}
		<-acked
	}
}
