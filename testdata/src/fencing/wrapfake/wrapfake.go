// Package wrapfake: the middleware of wrapmw beside a fake of its own
// implementing wrapsvc.Consumer (as a test package's would): the consumer
// it calls may be the fake, whose Commit commits nothing, so the dropped
// error is not known to be a commit's.
package wrapfake

import (
	"context"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"fencing/wrapsvc"
)

type middleware struct {
	consumer wrapsvc.Consumer
}

func (c middleware) Process(ctx context.Context, next func(context.Context, *kafka.Message) error) error {
	msg := c.consumer.GetMessage()
	if msg == nil {
		return nil
	}
	defer c.consumer.Commit(msg) // ok: the package implements wrapsvc.Consumer too (fake)
	return next(ctx, msg)
}

// fake is a consumer for tests.
type fake struct{ msgs []*kafka.Message }

func (f *fake) GetMessage() *kafka.Message {
	if len(f.msgs) == 0 {
		return nil
	}
	m := f.msgs[0]
	f.msgs = f.msgs[1:]
	return m
}

func (f *fake) Commit(m *kafka.Message) error { return nil }

func (f *fake) Close() error { return nil }
