package collectors

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

func handle(ctx context.Context, m kafka.Message) error { return nil }

// fetch feeds the reader's messages to a channel, closed when a fetch
// fails (the reader is closed, or ctx done).
func fetch(ctx context.Context, r *kafka.Reader) <-chan kafka.Message {
	msgs := make(chan kafka.Message)
	go func() {
		defer close(msgs)
		for {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			msgs <- m
		}
	}()
	return msgs
}

// committing starts a goroutine per message and commits each completion
// in the select receiving the messages: in completion order.
func committing(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	msgs := fetch(ctx, r)
	done := make(chan kafka.Message)
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				return nil
			}
			go func() {
				if err := handle(ctx, m); err != nil {
					log.Printf("offset %d: %v", m.Offset, err)
				}
				done <- m
			}()
		case m := <-done:
			if err := r.CommitMessages(ctx, m); err != nil { // want `completions passed to CommitMessages in arrival order`
				return err
			}
		}
	}
}

// waiting is committing's twin: after starting a message's goroutine the
// loop waits for its completion before the next message.
func waiting(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	done := make(chan kafka.Message)
	for m := range fetch(ctx, r) {
		go func() {
			if err := handle(ctx, m); err != nil {
				log.Printf("offset %d: %v", m.Offset, err)
			}
			done <- m
		}()
		select {
		case m := <-done:
			if err := r.CommitMessages(ctx, m); err != nil { // ok: one message in flight at a time
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
