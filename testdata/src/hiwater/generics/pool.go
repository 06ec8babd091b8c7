// Package generics holds hiwater cases whose workers are generic: methods
// of a generic type and generic functions (#13, distributed-faas
// ConfluentKafkaConsumer[M] once enable.auto.offset.store is off).
package generics

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/offsetcommit/commitlint/lowwater"
)

type Processor[M any] interface {
	Process(ctx context.Context, m M) error
}

type item[M any] struct {
	m   M
	msg *kafka.Message
}

// Consumer is generic in its decoded message; its workers start in a
// method of their own.
type Consumer[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
	proc   Processor[M]
	ch     chan item[M]
}

func New[M any](group, topic string, decode func([]byte) (M, error), proc Processor[M]) (*Consumer[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 group,
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return nil, err
	}
	if err := c.SubscribeTopics([]string{topic}, nil); err != nil {
		return nil, err
	}
	k := &Consumer[M]{c: c, decode: decode, proc: proc, ch: make(chan item[M], 8)}
	go k.commitLoop()
	return k, nil
}

func (k *Consumer[M]) Run(ctx context.Context, workers int) {
	k.startWorkers(ctx, workers)
	for ctx.Err() == nil {
		msg, err := k.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := k.decode(msg.Value)
		if err != nil {
			continue
		}
		k.ch <- item[M]{m: m, msg: msg}
	}
}

func (k *Consumer[M]) startWorkers(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		go func() {
			for it := range k.ch {
				if err := k.proc.Process(ctx, it.m); err != nil {
					log.Printf("process: %v", err)
					continue
				}
				if _, err := k.c.StoreMessage(it.msg); err != nil { // want `StoreMessage from a pool of workers: records of a partition finish out of order and confluent-kafka-go stores are last-write-wins`
					log.Printf("store: %v", err)
				}
			}
		}()
	}
}

func (k *Consumer[M]) commitLoop() {
	for range time.Tick(5 * time.Second) {
		if _, err := k.c.Commit(); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// Single is Consumer with one worker: it stores the messages in the order
// they were read.
type Single[M any] struct {
	c    *kafka.Consumer
	proc Processor[M]
	ch   chan item[M]
}

func (k *Single[M]) Run(ctx context.Context, decode func([]byte) (M, error)) {
	k.startWorker(ctx)
	for ctx.Err() == nil {
		msg, err := k.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := decode(msg.Value)
		if err != nil {
			continue
		}
		k.ch <- item[M]{m: m, msg: msg}
	}
}

func (k *Single[M]) startWorker(ctx context.Context) {
	go func() {
		for it := range k.ch {
			if err := k.proc.Process(ctx, it.m); err != nil {
				log.Printf("process: %v", err)
				continue
			}
			if _, err := k.c.StoreMessage(it.msg); err != nil { // ok: a single worker stores in order
				log.Printf("store: %v", err)
			}
		}
	}()
}

// Tracked is Consumer whose workers store a low-water mark: the offset
// below which every message read is done.
type Tracked[M any] struct {
	c    *kafka.Consumer
	proc Processor[M]
	ch   chan item[M]
	lw   *lowwater.Tracker
}

func NewTracked[M any](c *kafka.Consumer, proc Processor[M]) *Tracked[M] {
	return &Tracked[M]{c: c, proc: proc, ch: make(chan item[M], 8), lw: lowwater.New()}
}

func (k *Tracked[M]) Run(ctx context.Context, decode func([]byte) (M, error), workers int) {
	k.startWorkers(ctx, workers)
	for ctx.Err() == nil {
		msg, err := k.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := decode(msg.Value)
		if err != nil {
			continue
		}
		if err := k.lw.Start(partitionOf(msg), int64(msg.TopicPartition.Offset)); err != nil {
			continue
		}
		k.ch <- item[M]{m: m, msg: msg}
	}
}

func (k *Tracked[M]) startWorkers(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		go func() {
			for it := range k.ch {
				if err := k.proc.Process(ctx, it.m); err != nil {
					log.Printf("process: %v", err) // skipped, as Consumer skips it
				}
				next, ok := k.lw.Done(partitionOf(it.msg), int64(it.msg.TopicPartition.Offset))
				if !ok {
					continue
				}
				tp := it.msg.TopicPartition
				tp.Offset = kafka.Offset(next)
				if _, err := k.c.StoreOffsets([]kafka.TopicPartition{tp}); err != nil { // ok: the tracker's low-water mark
					log.Printf("store: %v", err)
				}
			}
		}()
	}
}

func partitionOf(msg *kafka.Message) lowwater.TopicPartition {
	return lowwater.TopicPartition{Topic: *msg.TopicPartition.Topic, Partition: msg.TopicPartition.Partition}
}

type printer struct{}

func (printer) Process(_ context.Context, s string) error { log.Print(s); return nil }

func Main() {
	k, err := New[string]("users", "user-events", func(b []byte) (string, error) { return string(b), nil }, printer{})
	if err != nil {
		panic(err)
	}
	k.Run(context.Background(), 4)
}
