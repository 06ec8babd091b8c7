// Package nofix: kafka-go group readers whose ReadMessage commits the
// message before returning it and a franz-go client with its default
// auto-commit, in shapes the analyzer builds no fix for: reported without
// one, the message saying why. Each is a message handed to workers of one
// key each (several per partition), or one returned through an exported
// field by a method that also reads for a reader outside any group, where
// the commit the fix would add when the next message is asked for fails.
package nofix

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

type event struct {
	ID string `json:"id"`
}

func apply(ctx context.Context, m kafka.Message) error { return nil }

func handle(ctx context.Context, ev event) error { return nil }

// perKey sends each message on a channel of its key's, held in a map:
// messages of one partition reach several workers, which finish them out
// of order, so no commit in a worker is sure to pass only processed
// messages.
func perKey(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "keys", Topic: "orders"})
	lanes := map[string]chan kafka.Message{}
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); no automatic fix: the message is handed on \(to a channel, a goroutine, a batch or a field\) to code after whose processing the fix cannot place the commit; fetch with FetchMessage and commit with CommitMessages where that code has processed it$`
		if err != nil {
			return err
		}
		ch, ok := lanes[string(m.Key)]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[string(m.Key)] = ch
			go func() {
				for m := range ch {
					if err := apply(ctx, m); err != nil {
						log.Printf("apply %d: %v", m.Offset, err)
					}
				}
			}()
		}
		ch <- m
	}
}

// perKeyTail is perKey's twin on a reader outside any group: ReadMessage
// commits nothing there.
func perKeyTail(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "orders"})
	lanes := map[string]chan kafka.Message{}
	for {
		m, err := r.ReadMessage(ctx) // ok: no group, nothing committed
		if err != nil {
			return err
		}
		ch, ok := lanes[string(m.Key)]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[string(m.Key)] = ch
			go func() {
				for m := range ch {
					if err := apply(ctx, m); err != nil {
						log.Printf("apply %d: %v", m.Offset, err)
					}
				}
			}()
		}
		ch <- m
	}
}

// keys hands each key's records to a worker of its own over a channel
// held in a map, under franz-go's default auto-commit: a partition's
// records reach several workers.
func keys(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("keys"), kgo.ConsumeTopics("orders"))
	if err != nil {
		return err
	}
	defer cl.Close()
	lanes := map[string]chan *kgo.Record{}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			ch, ok := lanes[string(r.Key)]
			if !ok {
				ch = make(chan *kgo.Record, 64)
				lanes[string(r.Key)] = ch
				go func() {
					for r := range ch {
						log.Printf("apply %d", r.Offset)
					}
				}()
			}
			lanes[string(r.Key)] <- r // want `record handed to workers over a channel while the loop polls again: .*; no automatic fix: the records go to a channel held in a map`
		})
	}
}

// keysTail is keys' twin on a client outside any group: nothing is
// committed.
func keysTail(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumeTopics("orders"))
	if err != nil {
		return err
	}
	defer cl.Close()
	lanes := map[string]chan *kgo.Record{}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			ch, ok := lanes[string(r.Key)]
			if !ok {
				ch = make(chan *kgo.Record, 64)
				lanes[string(r.Key)] = ch
				go func() {
					for r := range ch {
						log.Printf("apply %d", r.Offset)
					}
				}()
			}
			lanes[string(r.Key)] <- r // ok: no group, nothing committed
		})
	}
}

// source decodes the next message; Pipeline exposes it in an exported
// field, which code out of sight may set or call. NewTailPipeline builds
// one on a reader outside any group: a commit of the message next returned
// last, when it is called again, would fail there (autocommit/commitprev
// fixes the same shape on group readers only).
type source struct{ r *kafka.Reader }

func (s *source) next(ctx context.Context) (event, error) {
	m, err := s.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); no automatic fix: the message leaves the function for callers the fix cannot all change \(next is stored in the exported field Next \(line \d+\)\); .*; the same read serves the reader created at line \d+, outside any group, where a CommitMessages the fix would add fails$`
	if err != nil {
		return event{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, err
	}
	return ev, nil
}

// Pipeline runs Next's events through handle.
type Pipeline struct {
	Next func(context.Context) (event, error)
}

// NewPipeline reads the events topic in the "events" group.
func NewPipeline() *Pipeline {
	s := &source{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
	return &Pipeline{Next: s.next}
}

// Run handles events until Next fails.
func (p *Pipeline) Run(ctx context.Context) error {
	for {
		ev, err := p.Next(ctx)
		if err != nil {
			return err
		}
		if err := handle(ctx, ev); err != nil {
			return err
		}
	}
}

// NewTailPipeline is NewPipeline's twin on a reader outside any group:
// ReadMessage commits nothing there.
func NewTailPipeline() *Pipeline {
	s := &source{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events"})} // ok: no group, nothing committed
	return &Pipeline{Next: s.next}
}
