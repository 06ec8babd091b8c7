package generics

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// A generic worker function started by a counting loop.
func work[M any](ctx context.Context, c *kafka.Consumer, ch <-chan item[M], proc Processor[M]) {
	for it := range ch {
		if err := proc.Process(ctx, it.m); err != nil {
			continue
		}
		c.StoreMessage(it.msg) // want `StoreMessage from a pool of workers`
	}
}

func RunPool[M any](ctx context.Context, c *kafka.Consumer, decode func([]byte) (M, error), proc Processor[M], n int) {
	ch := make(chan item[M])
	for i := 0; i < n; i++ {
		go work[M](ctx, c, ch, proc)
	}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := decode(msg.Value)
		if err != nil {
			continue
		}
		ch <- item[M]{m: m, msg: msg}
	}
}

// A generic function started for each message.
func handleOne[M any](ctx context.Context, c *kafka.Consumer, msg *kafka.Message, decode func([]byte) (M, error), proc Processor[M]) {
	m, err := decode(msg.Value)
	if err != nil {
		return
	}
	if err := proc.Process(ctx, m); err != nil {
		log.Printf("process: %v", err)
		return
	}
	c.StoreMessage(msg) // want `StoreMessage from a per-record goroutine`
}

func RunEach[M any](ctx context.Context, c *kafka.Consumer, decode func([]byte) (M, error), proc Processor[M]) {
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go handleOne(ctx, c, msg, decode, proc)
	}
}

// A pool of a generic type's method values.
type Pool[M any] struct {
	c    *kafka.Consumer
	proc Processor[M]
	ch   chan item[M]
}

func (p *Pool[M]) work(ctx context.Context) {
	for it := range p.ch {
		if err := p.proc.Process(ctx, it.m); err != nil {
			continue
		}
		p.c.StoreMessage(it.msg) // want `StoreMessage from a pool of workers`
	}
}

func (p *Pool[M]) Run(ctx context.Context, decode func([]byte) (M, error), n int) {
	p.ch = make(chan item[M])
	for i := 0; i < n; i++ {
		go p.work(ctx)
	}
	for ctx.Err() == nil {
		msg, err := p.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := decode(msg.Value)
		if err != nil {
			continue
		}
		p.ch <- item[M]{m: m, msg: msg}
	}
}

// The twins: one generic worker, a generic function called in place, and
// one worker method of a generic type.
func workSingle[M any](ctx context.Context, c *kafka.Consumer, ch <-chan item[M], proc Processor[M]) {
	for it := range ch {
		if err := proc.Process(ctx, it.m); err != nil {
			continue
		}
		c.StoreMessage(it.msg) // ok: the only worker stores in order
	}
}

func RunSingle[M any](ctx context.Context, c *kafka.Consumer, decode func([]byte) (M, error), proc Processor[M]) {
	ch := make(chan item[M])
	go workSingle[M](ctx, c, ch, proc)
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := decode(msg.Value)
		if err != nil {
			continue
		}
		ch <- item[M]{m: m, msg: msg}
	}
}

func applyOne[M any](ctx context.Context, c *kafka.Consumer, msg *kafka.Message, decode func([]byte) (M, error), proc Processor[M]) {
	m, err := decode(msg.Value)
	if err != nil {
		return
	}
	if err := proc.Process(ctx, m); err != nil {
		log.Printf("process: %v", err)
		return
	}
	c.StoreMessage(msg) // ok: called in place, one message at a time
}

func RunInPlace[M any](ctx context.Context, c *kafka.Consumer, decode func([]byte) (M, error), proc Processor[M]) { // want RunInPlace:`fetchesAndCommits\(1, StoreMessage\)`
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		applyOne(ctx, c, msg, decode, proc)
	}
}

type SinglePool[M any] struct {
	c    *kafka.Consumer
	proc Processor[M]
	ch   chan item[M]
}

func (p *SinglePool[M]) work(ctx context.Context) {
	for it := range p.ch {
		if err := p.proc.Process(ctx, it.m); err != nil {
			continue
		}
		p.c.StoreMessage(it.msg) // ok: the only worker stores in order
	}
}

func (p *SinglePool[M]) Run(ctx context.Context, decode func([]byte) (M, error)) {
	p.ch = make(chan item[M])
	go p.work(ctx)
	for ctx.Err() == nil {
		msg, err := p.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := decode(msg.Value)
		if err != nil {
			continue
		}
		p.ch <- item[M]{m: m, msg: msg}
	}
}

// A goroutine per message storing it through a generic helper.
func finish[M any](c *kafka.Consumer, msg *kafka.Message, m M) {
	if _, err := c.StoreMessage(msg); err != nil { // want `StoreMessage from a per-record goroutine`
		log.Printf("store %v: %v", m, err)
	}
}

func RunHelper[M any](ctx context.Context, c *kafka.Consumer, decode func([]byte) (M, error), proc Processor[M]) {
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := decode(msg.Value)
		if err != nil {
			continue
		}
		go func() {
			if err := proc.Process(ctx, m); err != nil {
				return
			}
			finish(c, msg, m)
		}()
	}
}

// The twin: the helper called in place.
func finishInPlace[M any](c *kafka.Consumer, msg *kafka.Message, m M) {
	if _, err := c.StoreMessage(msg); err != nil { // ok: called in place, one message at a time
		log.Printf("store %v: %v", m, err)
	}
}

func RunHelperInPlace[M any](ctx context.Context, c *kafka.Consumer, decode func([]byte) (M, error), proc Processor[M]) { // want RunHelperInPlace:`fetchesAndCommits\(1, StoreMessage\)`
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := decode(msg.Value)
		if err != nil {
			continue
		}
		if err := proc.Process(ctx, m); err != nil {
			continue
		}
		finishInPlace(c, msg, m)
	}
}
