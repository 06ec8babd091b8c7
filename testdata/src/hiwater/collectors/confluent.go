package collectors

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func apply(m *kafka.Message) error { return nil }

// events feeds the consumer's messages to a channel until ctx is done.
func events(ctx context.Context, c *kafka.Consumer) <-chan *kafka.Message {
	msgs := make(chan *kafka.Message)
	go func() {
		defer close(msgs)
		for ctx.Err() == nil {
			if m, ok := c.Poll(100).(*kafka.Message); ok {
				msgs <- m
			}
		}
	}()
	return msgs
}

// storing starts a goroutine per message and stores each completion in
// the select receiving the messages: in completion order. It runs until
// ctx is done, and returns nothing.
func storing(ctx context.Context) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	if err != nil {
		log.Printf("consumer: %v", err)
		return
	}
	defer c.Close()
	msgs := events(ctx, c)
	done := make(chan *kafka.Message)
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				return
			}
			go func() {
				if err := apply(m); err != nil {
					log.Printf("%v: %v", m.TopicPartition, err)
				}
				done <- m
			}()
		case m := <-done:
			if _, err := c.StoreMessage(m); err != nil { // want `completions passed to StoreMessage in arrival order`
				log.Printf("store: %v", err)
			}
		}
	}
}

// inPlace is storing's twin: the select's message case applies the
// message itself before storing it.
func inPlace(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	if err != nil {
		return err
	}
	defer c.Close()
	msgs := events(ctx, c)
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				return nil
			}
			if err := apply(m); err != nil {
				log.Printf("%v: %v", m.TopicPartition, err)
			}
			if _, err := c.StoreMessage(m); err != nil { // ok: applied in place, in order
				log.Printf("store: %v", err)
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
