package core

import (
	"context"
	"fmt"
	"sync"
)

// TopicHandler handles one payload.
type TopicHandler interface {
	Handle(ctx context.Context, key, value []byte) error
}

// Registry keeps the handler of each topic its callers register.
type Registry struct {
	mu      sync.RWMutex
	byTopic map[string]TopicHandler
}

// Register sets topic's handler.
func (r *Registry) Register(topic string, h TopicHandler) { // want Register:`keeps\[1\] in field byTopic of Registry`
	r.mu.Lock()
	defer r.mu.Unlock()
	r.byTopic[topic] = h
}

// Dispatch hands the payload to its topic's handler.
func (r *Registry) Dispatch(ctx context.Context, topic string, key, value []byte) error { // want Dispatch:`dispatches\[2 3\] to core.TopicHandler.Handle registered by Register#1`
	r.mu.RLock()
	h, ok := r.byTopic[topic]
	r.mu.RUnlock()
	if !ok {
		return fmt.Errorf("no handler for %q", topic)
	}
	return h.Handle(ctx, key, value)
}

// Fanout keeps every handler its callers subscribe.
type Fanout struct{ subs []TopicHandler }

// Subscribe adds h.
func (f *Fanout) Subscribe(h TopicHandler) { // want Subscribe:`keeps\[0\] in field subs of Fanout`
	f.subs = append(f.subs, h)
}

// Publish hands the payload to each handler.
func (f *Fanout) Publish(ctx context.Context, value []byte) error { // want Publish:`dispatches\[1\] to core.TopicHandler.Handle registered by Subscribe#0`
	for _, h := range f.subs {
		if err := h.Handle(ctx, nil, value); err != nil {
			return err
		}
	}
	return nil
}

// Fixed keeps handlers it builds itself: no caller registers one.
type Fixed struct{ byTopic map[string]TopicHandler }

// Set builds topic's handler.
func (f *Fixed) Set(topic string) { // want Set:`sync`
	f.byTopic[topic] = nopTopicHandler{}
}

// Dispatch hands the payload to the handler built for its topic.
func (f *Fixed) Dispatch(ctx context.Context, topic string, value []byte) error {
	return f.byTopic[topic].Handle(ctx, nil, value)
}

type nopTopicHandler struct{}

func (nopTopicHandler) Handle(context.Context, []byte, []byte) error { return nil } // want Handle:`sync`
