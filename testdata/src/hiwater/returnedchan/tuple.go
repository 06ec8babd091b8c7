package returnedchan

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// TupleReader returns the results channel with an error channel and a
// teardown function.
type TupleReader interface {
	ReadAll(ctx context.Context) (<-chan Result, <-chan error, func())
}

type kafkaTuples struct{ c *kafka.Consumer }

// ReadAll starts the goroutine sending each message with its commit.
func (k *kafkaTuples) ReadAll(ctx context.Context) (<-chan Result, <-chan error, func()) {
	out := make(chan Result)
	errs := make(chan error, 1)
	go func() {
		defer close(out)
		for ctx.Err() == nil {
			msg, err := k.c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			out <- Result{Value: msg.Value, Commit: func() {
				if _, err := k.c.CommitMessage(msg); err != nil { // ok: one receiver calls the callbacks in order
					log.Printf("commit: %v", err)
				}
			}}
		}
	}()
	return out, errs, func() {}
}

// TupleProcessor writes and commits each result it receives, in order.
type TupleProcessor struct{ reader TupleReader }

func (p *TupleProcessor) Process(ctx context.Context) error {
	results, _, stop := p.reader.ReadAll(ctx)
	defer stop()
	for r := range results {
		if err := write(r.Value); err != nil {
			return err
		}
		r.Commit()
	}
	return nil
}

// readTuplePooled is ReadAll without the interface, for tuplePooled's workers.
func readTuplePooled(ctx context.Context, c *kafka.Consumer) (<-chan Result, func()) {
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
	return out, func() {}
}

// tuplePooled applies and commits the results on four workers.
func tuplePooled(ctx context.Context, c *kafka.Consumer) {
	results, stop := readTuplePooled(ctx, c)
	defer stop()
	for range 4 {
		go func() {
			for r := range results {
				apply(r.Value)
				r.Commit()
			}
		}()
	}
}
