// Package evadapter adapts evloop's delivery to a runtime's handler type
// (dapr's pubsub component shape): its closures forward each value to the
// handler their caller passes.
package evadapter

import (
	"context"

	"semantics/svc/evloop"
)

// Event is what the runtime's handlers take.
type Event struct{ Data []byte }

// Subscribe runs the adapted consumer for handler, which a runtime of
// another module passes: no analyzed package calls it, so what handler
// does with an event is out of sight.
func Subscribe(ctx context.Context, handler func(context.Context, *Event) error) {
	evloop.Deliver(ctx, evloop.NewAdaptedConsumer(), func(ctx context.Context, v []byte) error {
		return handler(ctx, &Event{Data: v})
	})
}

// Serve runs the served consumer for handler; app passes one that
// handles the event in place.
func Serve(ctx context.Context, handler func(context.Context, *Event) error) {
	evloop.DeliverServed(ctx, evloop.NewServedConsumer(), func(ctx context.Context, v []byte) error {
		return handler(ctx, &Event{Data: v})
	})
}
