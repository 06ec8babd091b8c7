// Package hfloop is a consumer framework: a topic's handler is a function
// value the wiring sets, given each poll's records and returning nothing.
// Auto-commit is on (franz-go's default).
package hfloop

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// HandlerFunc handles a poll's records of one topic.
type HandlerFunc func(ctx context.Context, recs ...*kgo.Record)

// Consumer is what a module registers.
type Consumer struct {
	Handler HandlerFunc
}

// Service polls and hands each poll's records to the consumer's handler.
type Service struct {
	cl *kgo.Client
	c  *Consumer
}

// NewService builds the orders service.
func NewService(c *Consumer) *Service {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-hf-swallow"), kgo.ConsumeTopics("t-hf-swallow")) // case: hfswallow
	return &Service{cl: cl, c: c}
}

// Run polls until the client is closed.
func (s *Service) Run(ctx context.Context) {
	for {
		fs := s.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		s.c.Handler(ctx, fs.Records()...)
	}
}

// Strict is Service for a handler given to its constructor. (Join settles
// a function value by its field or parameter, not by consumer: the
// failures of every function passed for Consumer.Handler would count.)
type Strict struct {
	cl *kgo.Client
	h  HandlerFunc
}

// NewStrict builds the payments service.
func NewStrict(h HandlerFunc) *Strict {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-hf-strict"), kgo.ConsumeTopics("t-hf-strict")) // case: hfstrict
	return &Strict{cl: cl, h: h}
}

// Run polls until the client is closed.
func (s *Strict) Run(ctx context.Context) {
	for {
		fs := s.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		s.h(ctx, fs.Records()...)
	}
}
