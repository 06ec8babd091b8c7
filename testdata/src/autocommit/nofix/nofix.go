// Package nofix: kafka-go group readers whose ReadMessage commits the
// message before returning it, in shapes the analyzer builds no fix for:
// reported without one, the message saying why. Each is a message
// returned through an exported field by a method that also reads for a
// reader outside any group, where the commit the fix would add when the
// next message is asked for fails.
package nofix

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
