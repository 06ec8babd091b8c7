// Package returnedchan holds hiwater cases of commit callbacks sent with
// their messages on a channel the sending function makes and returns
// (usr5's commitclosurechan, from dllewellyn/reflex): one caller ranging
// over it (directly or through the package's interface whose only
// implementation makes it, also as one of several results: tuple.go) or
// one goroutine such a caller starts collects
// the callbacks and calls them in the order they came; several workers
// ranging over it, or a goroutine per callback, call them as the work
// finishes.
package returnedchan

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Result is one decoded message and the call that commits it.
type Result struct {
	Value  []byte
	Commit func()
}

func write(v []byte) error { return os.WriteFile("/tmp/upsert", v, 0o644) }

func apply(v []byte) {}

// Reader yields results; KafkaReader is its only implementation.
type Reader interface {
	ReadResults(ctx context.Context) <-chan Result
}

// KafkaReader reads from a confluent consumer with auto-commit off.
type KafkaReader struct{ c *kafka.Consumer }

// ReadResults starts the goroutine sending each message with its commit.
func (k *KafkaReader) ReadResults(ctx context.Context) <-chan Result {
	out := make(chan Result)
	go func() {
		defer close(out)
		for ctx.Err() == nil {
			msg, err := k.c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			r := Result{Value: msg.Value, Commit: func() {
				if _, err := k.c.CommitMessage(msg); err != nil { // ok: one receiver calls the callbacks in order, a batch at a time
					log.Printf("commit: %v", err)
				}
			}}
			select {
			case out <- r:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

// Processor writes results in batches through the Reader.
type Processor struct{ reader Reader }

// Process is the only receiver of the results: it commits a batch, in
// the order the messages came, after writing it.
func (p *Processor) Process(ctx context.Context) error {
	var batch [][]byte
	var commits []func()
	for r := range p.reader.ReadResults(ctx) {
		commits = append(commits, r.Commit)
		batch = append(batch, r.Value)
		if len(batch) < 96 {
			continue
		}
		for _, v := range batch {
			if err := write(v); err != nil {
				return err
			}
		}
		batch = batch[:0]
		for _, commit := range commits {
			commit()
		}
		commits = commits[:0]
	}
	return nil
}

// read is ReadResults without the interface.
func read(ctx context.Context, c *kafka.Consumer) <-chan Result {
	out := make(chan Result, 16)
	go func() {
		defer close(out)
		for ctx.Err() == nil {
			msg, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			out <- Result{Value: msg.Value, Commit: func() {
				if _, err := c.CommitMessage(msg); err != nil { // ok: one receiver calls the callbacks in order
					log.Printf("commit: %v", err)
				}
			}}
		}
	}()
	return out
}

// direct writes and commits each result it receives, in order.
func direct(ctx context.Context, c *kafka.Consumer) error {
	for r := range read(ctx, c) {
		if err := write(r.Value); err != nil {
			return err
		}
		r.Commit()
	}
	return nil
}

// readDrained is read for drained's goroutine.
func readDrained(ctx context.Context, c *kafka.Consumer) <-chan Result {
	out := make(chan Result, 16)
	go func() {
		defer close(out)
		for ctx.Err() == nil {
			msg, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			out <- Result{Value: msg.Value, Commit: func() {
				if _, err := c.CommitMessage(msg); err != nil { // ok: the one goroutine drained starts calls the callbacks in order
					log.Printf("commit: %v", err)
				}
			}}
		}
	}()
	return out
}

// drained applies and commits the results on one goroutine it starts.
func drained(ctx context.Context, c *kafka.Consumer) {
	results := readDrained(ctx, c)
	go func() {
		for r := range results {
			apply(r.Value)
			r.Commit()
		}
	}()
}

// readPooled is read for pooled's workers.
func readPooled(ctx context.Context, c *kafka.Consumer) <-chan Result {
	out := make(chan Result, 16)
	go func() {
		defer close(out)
		for ctx.Err() == nil {
			msg, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			out <- Result{Value: msg.Value, Commit: func() {
				if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage from a completion callback made for each message: callbacks run as the work finishes, in any order`
					log.Printf("commit: %v", err)
				}
			}}
		}
	}()
	return out
}

// pooled applies and commits the results on four workers.
func pooled(ctx context.Context, c *kafka.Consumer) {
	results := readPooled(ctx, c)
	for range 4 {
		go func() {
			for r := range results {
				apply(r.Value)
				r.Commit()
			}
		}()
	}
}

// readEach is read for each's goroutines.
func readEach(ctx context.Context, c *kafka.Consumer) <-chan Result {
	out := make(chan Result, 16)
	go func() {
		defer close(out)
		for ctx.Err() == nil {
			msg, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			out <- Result{Value: msg.Value, Commit: func() {
				if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage from a completion callback made for each message: callbacks run as the work finishes, in any order`
					log.Printf("commit: %v", err)
				}
			}}
		}
	}()
	return out
}

// each receives in one goroutine but applies and commits each result on
// a goroutine of its own.
func each(ctx context.Context, c *kafka.Consumer) {
	for r := range readEach(ctx, c) {
		go func() {
			apply(r.Value)
			r.Commit()
		}()
	}
}
