// Package dispreg is a registry of handlers by topic, with no Kafka
// client in it: the wiring registers each topic's handler, the consumer
// loop of another package dispatches each record to it (hunt 43f/D2,
// D13: a handler that logs its failure and returns nil, registered by
// the wiring, made an at-least-once row).
package dispreg

import (
	"context"
	"fmt"
	"sync"
)

// Handler handles one record's payload.
type Handler interface {
	Handle(ctx context.Context, key, value []byte) error
}

// Registry holds a handler per topic.
type Registry struct {
	mu      sync.RWMutex
	byTopic map[string]Handler
}

// New returns an empty registry.
func New() *Registry { return &Registry{byTopic: map[string]Handler{}} }

// Register sets topic's handler.
func (r *Registry) Register(topic string, h Handler) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.byTopic[topic] = h
}

// Dispatch hands a record's payload to its topic's handler.
func (r *Registry) Dispatch(ctx context.Context, topic string, key, value []byte) error {
	r.mu.RLock()
	h, ok := r.byTopic[topic]
	r.mu.RUnlock()
	if !ok {
		return fmt.Errorf("no handler for topic %q", topic)
	}
	return h.Handle(ctx, key, value)
}

// Table routes each record's payload to the handlers subscribed to its
// topic, in turn.
type Table struct {
	subs map[string][]Handler
}

// NewTable returns an empty table.
func NewTable() *Table { return &Table{subs: map[string][]Handler{}} }

// Subscribe adds h to topic's handlers.
func (t *Table) Subscribe(topic string, h Handler) {
	t.subs[topic] = append(t.subs[topic], h)
}

// Route hands the payload to each of topic's handlers, stopping at the
// first failure.
func (t *Table) Route(ctx context.Context, topic string, value []byte) error {
	for _, h := range t.subs[topic] {
		if err := h.Handle(ctx, nil, value); err != nil {
			return fmt.Errorf("%s: %w", topic, err)
		}
	}
	return nil
}
