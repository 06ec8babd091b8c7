// Package xgenuse hands the records of a consumer to the generic pools of
// package xgenpool (#13: generic pools of another package, joined by
// runsPool).
package xgenuse

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"hiwater/xgenpool"
)

func consumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	return c
}

func handle(m *kafka.Message) error { return nil }

// Four workers of xgenpool.Run store the messages they handle.
func RunPool(ctx context.Context) {
	c := consumer()
	jobs := make(chan *kafka.Message)
	go xgenpool.Run(ctx, 4, jobs, func(ctx context.Context, m *kafka.Message) {
		if err := handle(m); err != nil {
			return
		}
		if _, err := c.StoreMessage(m); err != nil { // want `StoreMessage from a pool of workers`
			log.Printf("store: %v", err)
		}
	})
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// One worker of xgenpool.Run stores in order.
func RunOne(ctx context.Context) {
	c := consumer()
	jobs := make(chan *kafka.Message)
	go xgenpool.Run(ctx, 1, jobs, func(ctx context.Context, m *kafka.Message) {
		if err := handle(m); err != nil {
			return
		}
		if _, err := c.StoreMessage(m); err != nil { // ok: one worker stores in order
			log.Printf("store: %v", err)
		}
	})
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// A Pool of workers submitted to, storing through a helper of the package.
type service struct {
	c       *kafka.Consumer
	workers int
}

func (s *service) done(m *kafka.Message) error {
	_, err := s.c.StoreMessage(m) // want `StoreMessage from a pool of workers`
	return err
}

func (s *service) Run(ctx context.Context) {
	p := xgenpool.New[*kafka.Message](16)
	p.Start(s.workers, func(m *kafka.Message) error {
		if err := handle(m); err != nil {
			return err
		}
		return s.done(m)
	})
	defer p.Close()
	for ctx.Err() == nil {
		msg, err := s.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		p.Submit(msg)
	}
}

// The twin: the values come from a pool that calls its function from one
// goroutine.
func RunEach(ctx context.Context) {
	c := consumer()
	jobs := make(chan *kafka.Message)
	xgenpool.Each(ctx, jobs, func(ctx context.Context, m *kafka.Message) {
		if err := handle(m); err != nil {
			return
		}
		c.StoreMessage(m) // ok: one goroutine stores in order
	})
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// A method value given to Start.
type handler struct {
	c *kafka.Consumer
	n int
}

func (h *handler) handle(m *kafka.Message) error {
	if err := handle(m); err != nil {
		return err
	}
	_, err := h.c.StoreMessage(m) // want `StoreMessage from a pool of workers`
	return err
}

func (h *handler) Run(ctx context.Context) {
	p := xgenpool.New[*kafka.Message](16)
	p.Start(h.n, h.handle)
	defer p.Close()
	for ctx.Err() == nil {
		msg, err := h.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		p.Submit(msg)
	}
}

// The twin of service: one worker of the Pool.
type single struct {
	c *kafka.Consumer
}

func (s *single) Run(ctx context.Context) {
	p := xgenpool.New[*kafka.Message](16)
	p.Start(1, func(m *kafka.Message) error {
		if err := handle(m); err != nil {
			return err
		}
		_, err := s.c.StoreMessage(m) // ok: one worker stores in order
		return err
	})
	defer p.Close()
	for ctx.Err() == nil {
		msg, err := s.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		p.Submit(msg)
	}
}
