package closures

import (
	"context"
	"log"
	"sync"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// job is a message with what its processing needs.
type job struct {
	msg  *kafka.Message
	body []byte
}

// finish writes the job's effect and stores its message's offset.
func finish(c *kafka.Consumer, j job) {
	log.Printf("insert %s", j.body)
	if _, err := c.StoreMessage(j.msg); err != nil { // want `call to StoreMessage from a per-record goroutine: records of a partition finish out of order and confluent-kafka-go stores are last-write-wins`
		log.Printf("store: %v", err)
	}
}

// fanout starts a goroutine for each message, which hands it to finish
// inside a job passed by value.
func fanout(ctx context.Context, c *kafka.Consumer) {
	var wg sync.WaitGroup
	for ctx.Err() == nil {
		ev := c.Poll(100)
		msg, ok := ev.(*kafka.Message)
		if !ok {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			finish(c, job{msg: msg, body: msg.Value})
		}()
	}
	wg.Wait()
}

func finishInPlace(c *kafka.Consumer, j job) {
	log.Printf("insert %s", j.body)
	if _, err := c.StoreMessage(j.msg); err != nil { // ok: the loop hands each job to it in place
		log.Printf("store: %v", err)
	}
}

// inPlace is fanout's twin: each job is finished before the next poll.
func inPlace(ctx context.Context, c *kafka.Consumer) {
	for ctx.Err() == nil {
		ev := c.Poll(100)
		msg, ok := ev.(*kafka.Message)
		if !ok {
			continue
		}
		finishInPlace(c, job{msg: msg, body: msg.Value})
	}
}

func newStoringConsumer() *kafka.Consumer {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "jobs",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		log.Fatal(err)
	}
	return c
}

func runJobs() {
	fanout(context.Background(), newStoringConsumer())
	inPlace(context.Background(), newStoringConsumer())
}
