// Package readgaps: kafka-go group readers whose ReadMessage commits the
// message before returning it, in shapes the worker fixes do not take: a
// value decoded from the message sent to a pool, and workers started by a
// loop with a label. The message is processed in place of the send, and
// committed after.
package readgaps

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

type event struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
}

func decode(b []byte) event {
	var ev event
	_ = json.Unmarshal(b, &ev)
	return ev
}

func handle(ctx context.Context, ev event) error { return nil }

// decodedPool sends the event decoded from each message to a pool of
// workers: the worker never sees the message, and decode is a call, so
// it cannot move into the worker. The fix decodes and handles in place of
// the send, then commits.
func decodedPool(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})
	events := make(chan event)
	for i := 0; i < 4; i++ {
		go func() {
			for ev := range events {
				if err := handle(ctx, ev); err != nil {
					log.Printf("handle %s: %v", ev.ID, err)
				}
			}
		}()
	}
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\)$`
		if err != nil {
			return err
		}
		events <- decode(m.Value)
	}
}

// decodedInPlace is decodedPool's twin: it fetches, decodes and handles
// each message itself, and commits after.
func decodedInPlace(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})
	for {
		m, err := r.FetchMessage(ctx) // ok: committed after handling
		if err != nil {
			return err
		}
		if err := handle(ctx, decode(m.Value)); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// labelledPool starts its workers in a loop with a label (a labelled
// continue skips disabled slots): the pool cannot be made one worker
// there, so the message is processed in place of the send.
func labelledPool(ctx context.Context, slots []bool) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})
	jobs := make(chan kafka.Message)
slots:
	for _, on := range slots {
		if !on {
			continue slots
		}
		go func() {
			for m := range jobs {
				if err := handle(ctx, decode(m.Value)); err != nil {
					log.Printf("handle %d: %v", m.Offset, err)
				}
			}
		}()
	}
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\)$`
		if err != nil {
			return err
		}
		jobs <- m
	}
}

// labelledPoolAwaited is labelledPool's twin: the loop fetches, waits for
// a worker's report and commits after it.
func labelledPoolAwaited(ctx context.Context, slots []bool) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})
	jobs := make(chan kafka.Message)
	done := make(chan error)
slots:
	for _, on := range slots {
		if !on {
			continue slots
		}
		go func() {
			for m := range jobs {
				done <- handle(ctx, decode(m.Value))
			}
		}()
	}
	for {
		m, err := r.FetchMessage(ctx) // ok: committed after a worker's report
		if err != nil {
			return err
		}
		jobs <- m
		if err := <-done; err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
