package generics

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// runWorkers is a generic pool of the package: n goroutines call fn with
// the values they receive from in.
func runWorkers[T any](n int, in <-chan T, fn func(T)) {
	for i := 0; i < n; i++ {
		go func() {
			for v := range in {
				fn(v)
			}
		}()
	}
}

// The pool's workers store the messages they handle.
func RunLocalPool(ctx context.Context, c *kafka.Consumer, workers int) {
	jobs := make(chan *kafka.Message)
	runWorkers(workers, jobs, func(m *kafka.Message) {
		log.Printf("handling %s", m.Value)
		c.StoreMessage(m) // want `StoreMessage from a pool of workers`
	})
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// The twin: one worker.
func RunLocalOne(ctx context.Context, c *kafka.Consumer) {
	jobs := make(chan *kafka.Message)
	runWorkers(1, jobs, func(m *kafka.Message) {
		log.Printf("handling %s", m.Value)
		c.StoreMessage(m) // ok: one worker stores in order
	})
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}
