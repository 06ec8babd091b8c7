package hardfix

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

// counted starts a goroutine per message and commits each completion in
// the select receiving the messages, counting the commits in the if's
// else: the goroutines can neither run in place nor be waited for; the
// fix tracks the messages in flight and commits the low-water mark, the
// whole if in the branch where it advanced.
func counted(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	msgs := fetch(ctx, r)
	done := make(chan kafka.Message)
	committed := 0
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				log.Printf("%d committed", committed)
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
			} else {
				committed++
			}
		}
	}
}

// countedInPlace is counted's twin: the select's message case handles
// and commits in place.
func countedInPlace(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	msgs := fetch(ctx, r)
	committed := 0
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				log.Printf("%d committed", committed)
				return nil
			}
			if err := handle(ctx, m); err != nil {
				log.Printf("offset %d: %v", m.Offset, err)
			}
			if err := r.CommitMessages(ctx, m); err != nil { // ok: handled in place, in order
				return err
			} else {
				committed++
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
