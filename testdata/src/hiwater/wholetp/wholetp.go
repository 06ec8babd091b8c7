// Package wholetp holds hiwater cases keeping the highest completed
// offset of each partition as the whole TopicPartition of its message.
package wholetp

import (
	"log"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func handle(m *kafka.Message) { log.Printf("insert %s", m.Value) }

func consumer() *kafka.Consumer {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	if err != nil {
		log.Fatal(err)
	}
	return c
}

// highest keeps the TopicPartition of the highest completed message of
// each partition.
type highest struct {
	mu sync.Mutex
	hi map[int32]kafka.TopicPartition
}

func (h *highest) done(m *kafka.Message) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if cur, ok := h.hi[m.TopicPartition.Partition]; !ok || m.TopicPartition.Offset > cur.Offset {
		h.hi[m.TopicPartition.Partition] = m.TopicPartition
	}
}

func (h *highest) flush(c *kafka.Consumer) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, tp := range h.hi {
		tp.Offset++
		if _, err := c.StoreOffsets([]kafka.TopicPartition{tp}); err != nil { // want `highest completed offset passed to StoreOffsets`
			log.Printf("store: %v", err)
		}
	}
}

// perMessage stores, on a ticker, the maxima goroutines per message
// update.
func perMessage() {
	c := consumer()
	h := &highest{hi: map[int32]kafka.TopicPartition{}}
	go func() {
		for range time.Tick(time.Second) {
			h.flush(c)
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func(m *kafka.Message) {
			handle(m)
			h.done(m)
		}(msg)
	}
}

// sequential is perMessage's twin: each message is handled and its
// TopicPartition kept in place, so the maximum is the progress.
func sequential() {
	c := consumer()
	h := &inOrder{hi: map[int32]kafka.TopicPartition{}}
	go func() {
		for range time.Tick(time.Second) {
			h.flush(c)
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(msg)
		h.done(msg)
	}
}

// inOrder keeps the TopicPartition of the last message of each
// partition handled in place.
type inOrder struct {
	mu sync.Mutex
	hi map[int32]kafka.TopicPartition
}

func (h *inOrder) done(m *kafka.Message) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if cur, ok := h.hi[m.TopicPartition.Partition]; !ok || m.TopicPartition.Offset > cur.Offset {
		h.hi[m.TopicPartition.Partition] = m.TopicPartition
	}
}

func (h *inOrder) flush(c *kafka.Consumer) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, tp := range h.hi {
		tp.Offset++
		if _, err := c.StoreOffsets([]kafka.TopicPartition{tp}); err != nil { // ok: the maxima of messages handled in place
			log.Printf("store: %v", err)
		}
	}
}
