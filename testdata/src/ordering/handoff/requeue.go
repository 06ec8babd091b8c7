package handoff

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// storeProcessed stores the offset of each message a processor sent on
// done once it was written; a failed store puts the message back on done
// to be retried by this same loop (trial 31a/3: reported as a hand-off
// to the channel's receiver, which is this loop).
func storeProcessed(c *kafka.Consumer, done chan *kafka.Message) {
	for {
		msg := <-done
		if _, err := c.StoreMessage(msg); err != nil { // ok: the send re-queues the message for this loop
			log.Printf("store: %v", err)
			done <- msg
		}
	}
}

// storeRanged is storeProcessed ranging over done (review 31-1).
func storeRanged(c *kafka.Consumer, done chan *kafka.Message) {
	for msg := range done {
		if _, err := c.StoreMessage(msg); err != nil { // ok: the send re-queues the message for this loop
			log.Printf("store: %v", err)
			done <- msg
		}
	}
}
