// Package storegaps: confluent-kafka-go consumers on the librdkafka
// defaults (auto-commit and auto-store on) whose messages go to workers
// the worker fixes do not take: a value decoded from the message by a
// call sent to a pool, a pool whose channel is closed when the loop ends.
// The message is processed in place of the send, and stored after.
package storegaps

import (
	"encoding/json"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type event struct {
	ID string `json:"id"`
}

func decode(b []byte) event {
	var ev event
	_ = json.Unmarshal(b, &ev)
	return ev
}

func handle(ev event) error { return nil }

// decodedPool sends the event decoded from each message to four workers.
func decodedPool() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "events"}) // want `enable.auto.commit and enable.auto.offset.store are on: librdkafka stores each message's offset when it is handed to the app and commits it every 5000 ms, so a crash mid-processing loses the message \(at-most-once\)$`
	_ = c.SubscribeTopics([]string{"events"}, nil)
	events := make(chan event)
	for i := 0; i < 4; i++ {
		go func() {
			for ev := range events {
				if err := handle(ev); err != nil {
					log.Printf("handle %s: %v", ev.ID, err)
				}
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		events <- decode(msg.Value)
	}
}

// decodedInPlace is decodedPool's twin: auto-store off, each message
// decoded and handled in place, then stored.
func decodedInPlace() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "events", "enable.auto.offset.store": false}) // ok: auto-store off, stored after handling
	_ = c.SubscribeTopics([]string{"events"}, nil)
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := handle(decode(msg.Value)); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
		if _, err := c.StoreMessage(msg); err != nil {
			log.Printf("store: %v", err)
		}
	}
}

// closedPool sends each message to a pool of workers whose channel is
// closed when the loop ends.
func closedPool(done <-chan struct{}) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "audit"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	_ = c.SubscribeTopics([]string{"audit"}, nil)
	jobs := make(chan *kafka.Message)
	defer close(jobs)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range jobs {
				_ = handle(decode(m.Value))
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// closedPoolStored is closedPool's twin: auto-store off, one worker that
// stores each message after handling it.
func closedPoolStored() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "audit", "enable.auto.offset.store": false}) // ok: auto-store off, the worker stores after handling
	_ = c.SubscribeTopics([]string{"audit"}, nil)
	jobs := make(chan *kafka.Message)
	defer close(jobs)
	go func() {
		for m := range jobs {
			if err := handle(decode(m.Value)); err != nil {
				continue
			}
			if _, err := c.StoreMessage(m); err != nil {
				log.Printf("store: %v", err)
			}
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}
