// Package evloop is a shared consumer package: it builds the consumers and
// runs their loops, which hand each message to a function the wiring
// passes and store its offset when that function returns. Whether the
// message is processed by then depends on the function (app passes one
// that queues the payload for workers, and one that saves it in place).
package evloop

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// NewConsumer builds the dispatch consumer, auto-store off.
func NewConsumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-evloop", "enable.auto.offset.store": false}) // case: evloop
	_ = c.SubscribeTopics([]string{"t-evloop"}, nil)
	return c
}

// NewSyncConsumer builds the audit consumer, auto-store off.
func NewSyncConsumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-evloop-sync", "enable.auto.offset.store": false}) // case: evloopsync
	_ = c.SubscribeTopics([]string{"t-evloop-sync"}, nil)
	return c
}

// Run hands each message to handle, then stores its offset.
func Run(ctx context.Context, c *kafka.Consumer, handle func(context.Context, *kafka.Message)) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(ctx, m)
		_, _ = c.StoreMessage(m)
	}
}

// Audit is Run for the audit consumer; position is fed each message's
// offset (a metric: it is not handed the message).
func Audit(ctx context.Context, c *kafka.Consumer, handle func(context.Context, *kafka.Message), position func(int64)) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		position(int64(m.TopicPartition.Offset))
		handle(ctx, m)
		_, _ = c.StoreMessage(m)
	}
}

// NewBillingConsumer builds the billing consumer, auto-store off.
func NewBillingConsumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-evloop-field", "enable.auto.offset.store": false}) // case: evloopfield
	_ = c.SubscribeTopics([]string{"t-evloop-field"}, nil)
	return c
}

// Worker keeps the handler its constructor is given.
type Worker struct {
	c      *kafka.Consumer
	handle func(*kafka.Message) error
}

// NewWorker keeps c and handle.
func NewWorker(c *kafka.Consumer, handle func(*kafka.Message) error) *Worker {
	return &Worker{c: c, handle: handle}
}

// Run stores each message's offset once the handler succeeds.
func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := w.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := w.handle(m); err != nil {
			continue
		}
		_, _ = w.c.StoreMessage(m)
	}
}

// Registry is how the wiring gives the audit loop its handler.
type Registry interface {
	Register(h func(*kafka.Message) error)
}

type registry struct {
	c *kafka.Consumer
	h func(*kafka.Message) error
}

// NewRegistry builds the export consumer, auto-store off, and its loop.
func NewRegistry() Registry {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-evloop-iface", "enable.auto.offset.store": false}) // case: evloopiface
	_ = c.SubscribeTopics([]string{"t-evloop-iface"}, nil)
	return &registry{c: c}
}

func (r *registry) Register(h func(*kafka.Message) error) { r.h = h }

// Run stores each message's offset once the handler succeeds.
func (r *registry) Run(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := r.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := r.h(m); err != nil {
			continue
		}
		_, _ = r.c.StoreMessage(m)
	}
}

// NewOrdersConsumer builds the orders consumer, auto-store off.
func NewOrdersConsumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-evmethod", "enable.auto.offset.store": false}) // case: evmethod
	_ = c.SubscribeTopics([]string{"t-evmethod"}, nil)
	return c
}

// NewOutboxConsumer builds the outbox consumer, auto-store off.
func NewOutboxConsumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-evmethod-queue", "enable.auto.offset.store": false}) // case: evmethodqueue
	_ = c.SubscribeTopics([]string{"t-evmethod-queue"}, nil)
	return c
}

// Apply hands each orders message to apply, then stores its offset.
func Apply(ctx context.Context, c *kafka.Consumer, apply func(context.Context, *kafka.Message)) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		apply(ctx, m)
		_, _ = c.StoreMessage(m)
	}
}

// Forward hands each outbox message to send, then stores its offset.
func Forward(ctx context.Context, c *kafka.Consumer, send func(context.Context, *kafka.Message)) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		send(ctx, m)
		_, _ = c.StoreMessage(m)
	}
}

// NewPayloadConsumer builds the payload consumer, auto-store off.
func NewPayloadConsumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-evpayload", "enable.auto.offset.store": false}) // case: evpayload
	_ = c.SubscribeTopics([]string{"t-evpayload"}, nil)
	return c
}

// Payloads hands each message's payload to handle, then stores its offset.
func Payloads(ctx context.Context, c *kafka.Consumer, handle func(context.Context, []byte) error) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if handle(ctx, m.Value) != nil {
			continue
		}
		_, _ = c.StoreMessage(m)
	}
}

// NewAdaptedConsumer builds the consumer evadapter's Subscribe runs,
// auto-store off.
func NewAdaptedConsumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-evadapter", "enable.auto.offset.store": false}) // case: evadapter
	_ = c.SubscribeTopics([]string{"t-evadapter"}, nil)
	return c
}

// Deliver hands each message's value to deliver, then stores its offset.
func Deliver(ctx context.Context, c *kafka.Consumer, deliver func(context.Context, []byte) error) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := deliver(ctx, m.Value); err != nil {
			return
		}
		_, _ = c.StoreMessage(m)
	}
}

// NewServedConsumer builds the consumer evadapter's Serve runs,
// auto-store off.
func NewServedConsumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-evadapter-served", "enable.auto.offset.store": false}) // case: evadapterserved
	_ = c.SubscribeTopics([]string{"t-evadapter-served"}, nil)
	return c
}

// DeliverServed is Deliver for Serve's consumer.
func DeliverServed(ctx context.Context, c *kafka.Consumer, deliver func(context.Context, []byte) error) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := deliver(ctx, m.Value); err != nil {
			return
		}
		_, _ = c.StoreMessage(m)
	}
}
