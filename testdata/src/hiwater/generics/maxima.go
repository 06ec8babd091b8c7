package generics

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// MaxPool is a generic pool whose workers keep the highest finished offset
// of each partition, stored by a ticker.
type MaxPool[M any] struct {
	c     *kafka.Consumer
	proc  Processor[M]
	ch    chan item[M]
	topic string
	mu    sync.Mutex
	hi    map[int32]kafka.Offset
}

func NewMaxPool[M any](c *kafka.Consumer, proc Processor[M]) *MaxPool[M] {
	return &MaxPool[M]{c: c, proc: proc, ch: make(chan item[M], 8), hi: map[int32]kafka.Offset{}}
}

func (k *MaxPool[M]) done(msg *kafka.Message) {
	k.mu.Lock()
	defer k.mu.Unlock()
	p := msg.TopicPartition.Partition
	if cur, ok := k.hi[p]; !ok || msg.TopicPartition.Offset > cur {
		k.hi[p] = msg.TopicPartition.Offset
	}
}

func (k *MaxPool[M]) flush() {
	k.mu.Lock()
	defer k.mu.Unlock()
	for p, off := range k.hi {
		tp := kafka.TopicPartition{Topic: &k.topic, Partition: p, Offset: off + 1}
		if _, err := k.c.StoreOffsets([]kafka.TopicPartition{tp}); err != nil { // want `highest completed offset passed to StoreOffsets`
			log.Printf("store: %v", err)
		}
	}
}

func (k *MaxPool[M]) Run(ctx context.Context, decode func([]byte) (M, error), n int) {
	go func() {
		for range time.Tick(time.Second) {
			k.flush()
		}
	}()
	for i := 0; i < n; i++ {
		go func() {
			for it := range k.ch {
				if err := k.proc.Process(ctx, it.m); err != nil {
					log.Printf("process: %v", err)
				}
				k.done(it.msg)
			}
		}()
	}
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

// MaxSingle is MaxPool with one worker: its maximum is the last message
// it finished.
type MaxSingle[M any] struct {
	c     *kafka.Consumer
	proc  Processor[M]
	ch    chan item[M]
	topic string
	mu    sync.Mutex
	hi    map[int32]kafka.Offset
}

func NewMaxSingle[M any](c *kafka.Consumer, proc Processor[M]) *MaxSingle[M] {
	return &MaxSingle[M]{c: c, proc: proc, ch: make(chan item[M], 8), hi: map[int32]kafka.Offset{}}
}

func (k *MaxSingle[M]) done(msg *kafka.Message) {
	k.mu.Lock()
	defer k.mu.Unlock()
	p := msg.TopicPartition.Partition
	if cur, ok := k.hi[p]; !ok || msg.TopicPartition.Offset > cur {
		k.hi[p] = msg.TopicPartition.Offset
	}
}

func (k *MaxSingle[M]) flush() {
	k.mu.Lock()
	defer k.mu.Unlock()
	for p, off := range k.hi {
		tp := kafka.TopicPartition{Topic: &k.topic, Partition: p, Offset: off + 1}
		if _, err := k.c.StoreOffsets([]kafka.TopicPartition{tp}); err != nil { // ok: the maxima of a single worker
			log.Printf("store: %v", err)
		}
	}
}

func (k *MaxSingle[M]) Run(ctx context.Context, decode func([]byte) (M, error)) {
	go func() {
		for range time.Tick(time.Second) {
			k.flush()
		}
	}()
	go func() {
		for it := range k.ch {
			if err := k.proc.Process(ctx, it.m); err != nil {
				log.Printf("process: %v", err)
			}
			k.done(it.msg)
		}
	}()
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
