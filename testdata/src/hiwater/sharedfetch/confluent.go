package sharedfetch

import (
	"log"
	"sync"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func apply(m *kafka.Message) error { return nil }

func newConsumer() *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	return c
}

// poll stores the offset of each message it polled, once applied.
func poll(c *kafka.Consumer, wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			if err := apply(e); err != nil {
				log.Printf("apply: %v", err)
				continue
			}
			if _, err := c.StoreMessage(e); err != nil { // want `call to StoreMessage from goroutines fetching from one consumer: records of a partition finish out of order and confluent-kafka-go stores are last-write-wins`
				log.Printf("store: %v", err)
			}
		case kafka.Error:
			return
		}
	}
}

// Two pollers on one consumer.
func runPollers() {
	c := newConsumer()
	var wg sync.WaitGroup
	wg.Add(2)
	go poll(c, &wg)
	go poll(c, &wg)
	wg.Wait()
}

// pollOwn is poll for a consumer of its own.
func pollOwn(c *kafka.Consumer, wg *sync.WaitGroup) {
	defer wg.Done()
	defer c.Close()
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			if err := apply(e); err != nil {
				log.Printf("apply: %v", err)
				continue
			}
			if _, err := c.StoreMessage(e); err != nil { // ok: each poller has a consumer of its own (go pollOwn(newConsumer(), &wg) twice)
				log.Printf("store: %v", err)
			}
		case kafka.Error:
			return
		}
	}
}

func runConsumers() {
	var wg sync.WaitGroup
	wg.Add(2)
	go pollOwn(newConsumer(), &wg)
	go pollOwn(newConsumer(), &wg)
	wg.Wait()
}
