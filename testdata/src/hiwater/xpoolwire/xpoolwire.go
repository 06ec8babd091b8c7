// Package xpoolwire wires xpoolsvc's pools to xpoolwork's workers
// (golang-boilerplate's internal/server): the goroutines of a pool fetch
// from one reader and commit what they fetched, a bug only this package
// sees whole (through facts).
package xpoolwire

import (
	"context"

	"github.com/segmentio/kafka-go"

	"hiwater/xpoolsvc"
	"hiwater/xpoolwork"
)

// Config is the service's configuration.
type Config struct {
	Brokers  []string
	PoolSize int
	Workers  int
}

// Run starts the consumers.
func Run(ctx context.Context, cfg Config) {
	cg := xpoolsvc.NewConsumerGroup(cfg.Brokers, "signup")
	proc := &xpoolwork.Processor{}
	topics := []string{"users"}
	go cg.ConsumeTopic(ctx, topics, cfg.PoolSize, proc.ProcessMessage) // want `several goroutines running ProcessMessage, started by ConsumeTopic on one consumer, each call CommitMessages on what they fetched: records of a partition finish out of order and kafka-go commits are last-write-wins, so the committed offset moves back when a lower record finishes \(replays after a restart\) and past records still in flight: a crash loses them \(at-most-once\)`
	go cg.ConsumeWith(ctx, topics, cfg.PoolSize, proc)                 // want `several goroutines running ProcessMessage, started by ConsumeWith on one consumer, each call CommitMessages`

	r := kafka.NewReader(kafka.ReaderConfig{Brokers: cfg.Brokers, GroupID: "audit", Topic: "events"})
	defer r.Close()
	xpoolsvc.Consume(ctx, r, cfg.Workers, xpoolwork.Handle)                            // want `several goroutines running Handle, started by Consume on one consumer, each call CommitMessages`
	xpoolsvc.Consume(ctx, r, cfg.Workers, func(ctx context.Context, r *kafka.Reader) { // want `several goroutines running Handle, started by Consume on one consumer, each call CommitMessages`
		xpoolwork.Handle(ctx, r)
	})
	xpoolsvc.ConsumeClosure(ctx, r, cfg.Workers, proc.ProcessMessage) // want `several goroutines running ProcessMessage, started by ConsumeClosure on one consumer, each call CommitMessages`
	xpoolsvc.Consume(ctx, r, workers(cfg), xpoolwork.Handle)          // want `several goroutines running Handle, started by Consume on one consumer`
}

// RunGeneric wires the generic Group to the generic Decoding worker.
func RunGeneric(ctx context.Context, cfg Config) {
	g := xpoolsvc.NewGroup(cfg.Brokers, "signup", "users-v2")
	dec := xpoolwork.NewDecoding(func(b []byte) (string, error) { return string(b), nil })
	go g.Consume(ctx, []string{"users"}, cfg.PoolSize, dec.ProcessMessage) // want `several goroutines running ProcessMessage, started by Consume on one consumer, each call CommitMessages`
	go g.Consume(ctx, []string{"users"}, 1, dec.ProcessMessage)            // ok: one goroutine
}

func workers(cfg Config) int { return cfg.Workers }

// Twins.
func RunSafe(ctx context.Context, cfg Config) {
	cg := xpoolsvc.NewConsumerGroup(cfg.Brokers, "signup")
	proc := &xpoolwork.Processor{}
	topics := []string{"users"}
	go cg.ConsumeTopic(ctx, topics, cfg.PoolSize, proc.Read)          // ok: ReadMessage: the reader commits in the order it hands messages out
	go cg.ConsumeTopic(ctx, topics, cfg.PoolSize, proc.Idle)          // ok: the worker does not fetch
	go cg.StartOne(ctx, topics, proc.ProcessMessage)                  // ok: one goroutine fetches and commits
	go cg.ConsumeEach(ctx, topics, cfg.PoolSize, proc.ProcessMessage) // ok: a reader of its own per goroutine
	go cg.ConsumeTopic(ctx, topics, 0, proc.ProcessMessage)           // ok: a count of 0 starts one goroutine (i <= 0)
	go cg.ConsumeWith(ctx, topics, cfg.PoolSize, xpoolwork.Reading{}) // ok: ReadMessage: the reader commits in the order it hands messages out
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: cfg.Brokers, GroupID: "audit", Topic: "events"})
	defer r.Close()
	xpoolsvc.Consume(ctx, r, 1, func(ctx context.Context, r *kafka.Reader) { // ok: one goroutine
		xpoolwork.Handle(ctx, r)
	})
}
