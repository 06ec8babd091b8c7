// Package xpoolwork holds workers that fetch from the kafka-go Reader they
// are given (golang-boilerplate's authkafka ProcessMessage): the worker
// half of a pool assembled across packages (xpoolwire).
package xpoolwork

import (
	"context"
	"log"
	"sync"

	"github.com/segmentio/kafka-go"
)

func save(m kafka.Message) error { return nil }

// Processor processes the messages of one topic.
type Processor struct{}

// ProcessMessage fetches from r and commits each message it fetched, in a
// helper.
func (p *Processor) ProcessMessage(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup, workerID int) { // want ProcessMessage:`fetchesAndCommits\(1, CommitMessages\)`
	defer wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			log.Printf("worker %d: fetch: %v", workerID, err)
			continue
		}
		p.handle(ctx, r, msg)
	}
}

func (p *Processor) handle(ctx context.Context, r *kafka.Reader, msg kafka.Message) {
	if err := save(msg); err != nil {
		log.Printf("save: %v", err)
	}
	p.commit(ctx, r, msg)
}

func (p *Processor) commit(ctx context.Context, r *kafka.Reader, msg kafka.Message) {
	if err := r.CommitMessages(ctx, msg); err != nil {
		log.Printf("commit: %v", err)
	}
}

// Read reads with ReadMessage: the reader commits what it hands out
// itself, in the order it hands it out.
func (p *Processor) Read(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup, workerID int) {
	defer wg.Done()
	for {
		msg, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		if err := save(msg); err != nil {
			log.Printf("worker %d: save: %v", workerID, err)
		}
	}
}

// Idle fetches nothing.
func (p *Processor) Idle(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup, workerID int) {
	defer wg.Done()
	<-ctx.Done()
}

// Handle fetches from r and commits each message it fetched.
func Handle(ctx context.Context, r *kafka.Reader) { // want Handle:`fetchesAndCommits\(1, CommitMessages\)`
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := save(m); err != nil {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// Reading reads with ReadMessage: the reader commits what it hands out
// itself, in the order it hands it out.
type Reading struct{}

// ProcessMessage reads and saves.
func (Reading) ProcessMessage(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup, workerID int) {
	defer wg.Done()
	for {
		msg, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		if err := save(msg); err != nil {
			log.Printf("worker %d: save: %v", workerID, err)
		}
	}
}

// Decoding is a Processor generic in the value it decodes.
type Decoding[T any] struct {
	decode func([]byte) (T, error)
}

// ProcessMessage fetches from r, decodes, and commits each message it
// fetched.
func (p *Decoding[T]) ProcessMessage(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup, workerID int) { // want ProcessMessage:`fetchesAndCommits\(1, CommitMessages\)`
	defer wg.Done()
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if _, err := p.decode(msg.Value); err != nil {
			log.Printf("worker %d: decode: %v", workerID, err)
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// NewDecoding returns a Decoding.
func NewDecoding[T any](decode func([]byte) (T, error)) *Decoding[T] {
	return &Decoding[T]{decode: decode}
}
