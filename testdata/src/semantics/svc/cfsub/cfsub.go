// Package cfsub builds confluent consumers and subscribes them with a
// rebalance callback committing on revoke (trial 40b/D1: the callback,
// registered by a helper on the client it is given, was not seen; a
// SIGTERM lost 275 of 300).
package cfsub

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// NewStoring keeps auto-store on: Commit() commits every message handed
// out.
func NewStoring(group string) (*kafka.Consumer, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{"group.id": group, "enable.auto.commit": false}) // case: cfsubstored
}

// NewManual turns auto-store off: the loop stores what it processed, and
// the timer commits it.
func NewManual(group string) (*kafka.Consumer, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{"group.id": group, "enable.auto.offset.store": false}) // case: cfsubmanual
}

// Subscribe subscribes c with a callback committing on revoke.
func Subscribe(c *kafka.Consumer, topics []string) error {
	return c.SubscribeTopics(topics, rebalance)
}

func rebalance(c *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok && !c.AssignmentLost() {
		if _, err := c.Commit(); err != nil {
			log.Printf("commit on revoke: %v", err)
		}
	}
	return nil
}
