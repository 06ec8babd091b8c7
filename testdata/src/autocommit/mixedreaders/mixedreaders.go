// Package mixedreaders: a kafka-go helper whose ReadMessage commits the
// message before returning it, stored in an exported field, on a reader
// field the package fills with a group reader and with one outside any
// group. The fix fetches with FetchMessage and commits the message handed
// out last when the next is asked for, only when the reader is in a group:
// outside one ReadMessage committed nothing and CommitMessages fails.
package mixedreaders

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

type event struct {
	ID string `json:"id"`
}

func handle(ctx context.Context, ev event) error { return nil }

// source decodes the next message; Pipeline exposes it in an exported
// field, which code out of sight may set or call. NewTailPipeline builds
// one on a reader outside any group, where the commit must not run.
type source struct{ r *kafka.Reader }

func (s *source) next(ctx context.Context) (event, error) {
	m, err := s.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); fix: fetch with FetchMessage and commit each message when the next is asked for .*; the commit runs only when the reader is in a group, as the same read serves the reader created at line 66, outside any group$`
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
