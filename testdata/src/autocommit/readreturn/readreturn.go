// Package readreturn: a kafka-go group reader's ReadMessage whose results
// an unexported helper returns as they are read, to callers that all
// process the message in the package: the helper fetches instead, and
// each caller commits the message after processing it.
package readreturn

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

func apply(ctx context.Context, m kafka.Message) error { return nil }

// tail returns each message as ReadMessage returns it, committed.
type tail struct{ r *kafka.Reader }

func newTail() *tail {
	return &tail{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "tail", Topic: "orders"})}
}

func (t *tail) read(ctx context.Context) (kafka.Message, error) {
	return t.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\)$`
}

func (t *tail) run(ctx context.Context) error {
	for {
		m, err := t.read(ctx)
		if err != nil {
			return err
		}
		if err := apply(ctx, m); err != nil {
			return err
		}
	}
}

// drain applies what is left, logging a failure and going on.
func (t *tail) drain(ctx context.Context) {
	for {
		m, err := t.read(ctx)
		if err != nil {
			return
		}
		if err := apply(ctx, m); err != nil {
			log.Printf("apply %d: %v", m.Offset, err)
		}
	}
}

// fetchTail is tail's twin: read fetches, and its callers commit after
// applying.
type fetchTail struct{ r *kafka.Reader }

func newFetchTail() *fetchTail {
	return &fetchTail{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "tail", Topic: "orders"})}
}

func (t *fetchTail) read(ctx context.Context) (kafka.Message, error) {
	return t.r.FetchMessage(ctx) // ok: the callers commit after applying
}

func (t *fetchTail) run(ctx context.Context) error {
	for {
		m, err := t.read(ctx)
		if err != nil {
			return err
		}
		if err := apply(ctx, m); err != nil {
			return err
		}
		if err := t.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func (t *fetchTail) drain(ctx context.Context) {
	for {
		m, err := t.read(ctx)
		if err != nil {
			return
		}
		if err := apply(ctx, m); err != nil {
			log.Printf("apply %d: %v", m.Offset, err)
		} else {
			if err := t.r.CommitMessages(ctx, m); err != nil {
				log.Printf("commit offset: %v", err)
			}
		}
	}
}
