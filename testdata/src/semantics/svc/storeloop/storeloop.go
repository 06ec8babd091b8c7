// Package storeloop builds a confluent consumer with auto-store off and
// stores each message once the handler its caller passes returns.
package storeloop

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// NewConsumer builds the consumer, auto-store off.
func NewConsumer() (*kafka.Consumer, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-storeloop", "enable.auto.offset.store": false}) // case: storeloop
}

// Run stores each message once handle returns.
func Run(c *kafka.Consumer, handle func(*kafka.Message)) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(m)
		if _, err := c.StoreMessage(m); err != nil {
			log.Printf("store: %v", err)
		}
	}
}
