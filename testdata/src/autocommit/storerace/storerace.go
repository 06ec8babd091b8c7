// Package storerace: auto-commit off, auto-store left on, and an explicit
// Commit() of the stored offsets that races the processing: on a
// ticker's goroutine, or while workers the messages are handed to process
// them (usr3 #7, distributed-faas ConfluentKafkaConsumer[M]). Commit
// commits the offsets stored on delivery, and the stores made after
// processing return ErrInvalidArg.
package storerace

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Processor processes one decoded message.
type Processor[M any] interface {
	Process(ctx context.Context, m M) error
}

type item[M any] struct {
	m   M
	msg *kafka.Message
}

// Pool hands each message to workers started in another method, which
// store it after processing, and commits every 5 s on a goroutine of its
// own.
type Pool[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
	proc   Processor[M]
	ch     chan item[M]
}

// NewPool leaves enable.auto.offset.store on.
func NewPool[M any](group string, decode func([]byte) (M, error), proc Processor[M]) (*Pool[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           group,
		"enable.auto.commit": false,
	})
	if err != nil {
		return nil, err
	}
	p := &Pool[M]{c: c, decode: decode, proc: proc, ch: make(chan item[M], 8)}
	go p.commitLoop()
	return p, nil
}

// Run fetches and hands each message to the workers.
func (p *Pool[M]) Run(ctx context.Context, workers int) {
	p.startWorkers(ctx, workers)
	for ctx.Err() == nil {
		msg, err := p.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		m, err := p.decode(msg.Value)
		if err != nil {
			continue
		}
		p.ch <- item[M]{m: m, msg: msg}
	}
}

func (p *Pool[M]) startWorkers(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		go func() {
			for it := range p.ch {
				if err := p.proc.Process(ctx, it.m); err != nil {
					log.Printf("process: %v", err)
					continue
				}
				if _, err := p.c.StoreMessage(it.msg); err != nil { // want `offset store does nothing while enable\.auto\.offset\.store is on: StoreMessage returns ErrInvalidArg and offsets are stored when messages are handed to the app, and Commit, run on a goroutine other than the fetch's, commits them while the messages are processed: a crash loses them \(at-most-once\)$`
					log.Printf("store: %v", err)
				}
			}
		}()
	}
}

func (p *Pool[M]) commitLoop() {
	for range time.Tick(5 * time.Second) {
		if _, err := p.c.Commit(); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// StoredPool is Pool's twin with auto-store off: the workers' stores after
// processing are what the ticker commits.
type StoredPool[M any] struct {
	c    *kafka.Consumer
	proc Processor[M]
	ch   chan item[M]
}

// NewStoredPool turns enable.auto.offset.store off.
func NewStoredPool[M any](group string, proc Processor[M]) (*StoredPool[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // ok: auto-store off: the stores after processing are what Commit commits
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 group,
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return nil, err
	}
	p := &StoredPool[M]{c: c, proc: proc, ch: make(chan item[M], 8)}
	go p.commitLoop()
	return p, nil
}

// Run fetches and hands each message to one worker.
func (p *StoredPool[M]) Run(ctx context.Context, decode func([]byte) (M, error)) {
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

func (p *StoredPool[M]) work(ctx context.Context) {
	for it := range p.ch {
		if err := p.proc.Process(ctx, it.m); err != nil {
			log.Printf("process: %v", err)
			continue
		}
		if _, err := p.c.StoreMessage(it.msg); err != nil { // ok: auto-store off
			log.Printf("store: %v", err)
		}
	}
}

func (p *StoredPool[M]) commitLoop() {
	for range time.Tick(5 * time.Second) {
		if _, err := p.c.Commit(); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func apply(m *kafka.Message) error { return nil }

// tickerCommit processes each message in the loop, but a ticker's
// goroutine commits: the offset stored as ReadMessage hands a message over
// is committed while it is applied.
func tickerCommit(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "ledger",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for range t.C {
			if _, err := c.Commit(); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}()
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(msg); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
		c.StoreMessage(msg) // want `offset store does nothing while enable\.auto\.offset\.store is on: StoreMessage returns ErrInvalidArg and offsets are stored when messages are handed to the app, and Commit, run on a goroutine other than the fetch's, commits them while the messages are processed`
	}
	return ctx.Err()
}

// tickerCommitStored is tickerCommit's twin with auto-store off.
func tickerCommitStored(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // ok: auto-store off: the ticker commits what was applied
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "ledger",
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for range t.C {
			if _, err := c.Commit(); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}()
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(msg); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
		c.StoreMessage(msg) // ok: auto-store off
	}
	return ctx.Err()
}

// workerCommitEvery hands each message to a worker that stores it after
// applying it, and commits every 100 messages in the fetch loop: the
// commit includes the offsets of messages the worker has not applied yet.
func workerCommitEvery(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "ledger",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	jobs := make(chan *kafka.Message, 100)
	go func() {
		for m := range jobs {
			if err := apply(m); err != nil {
				log.Printf("apply: %v", err)
				continue
			}
			c.StoreMessage(m) // want `offset store does nothing while enable\.auto\.offset\.store is on: StoreMessage returns ErrInvalidArg and offsets are stored when messages are handed to the app, and Commit commits them while the goroutines the messages are handed to still process them: a crash loses them \(at-most-once\)$`
		}
	}()
	n := 0
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
		if n++; n%100 == 0 {
			if _, err := c.Commit(); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}
	return ctx.Err()
}

// batchJoined is workerCommitEvery's twin: it applies each batch of 100
// on goroutines and waits for them all before the Commit, which then
// commits only applied messages (the stores are useless, not lossy).
func batchJoined(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "ledger",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		var wg sync.WaitGroup
		for i := 0; i < 100; i++ {
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				break
			}
			wg.Add(1)
			go func(m *kafka.Message) {
				defer wg.Done()
				if err := apply(m); err != nil {
					log.Printf("apply: %v", err)
					return
				}
				c.StoreMessage(m) // ok: the Commit waits for the batch's goroutines
			}(msg)
		}
		wg.Wait()
		if _, err := c.Commit(); err != nil {
			log.Printf("commit: %v", err)
		}
	}
	return ctx.Err()
}
