package cases

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// tickedCommit stores each message once applied and commits the stores
// when its ticker fires, in the consume loop's own select
// (sabariramc/goserverbase): a batch of whatever was stored since.
func tickedCommit() {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ticked", "enable.auto.offset.store": false, "enable.auto.commit": false}) // case: tickedcommit
	if err != nil {
		log.Fatal(err)
	}
	tick := time.NewTicker(10 * time.Second)
	for {
		select {
		case <-tick.C:
			if _, err := c.Commit(); err != nil {
				log.Printf("commit: %v", err)
			}
		default:
		}
		m, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			log.Fatal(err)
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Printf("store: %v", err)
		}
	}
}

// stopOrCommit is its twin: the select waits on a stop channel, and the
// loop commits after each store.
func stopOrCommit(stop <-chan struct{}) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "stopped", "enable.auto.offset.store": false, "enable.auto.commit": false}) // case: stoporcommit
	if err != nil {
		log.Fatal(err)
	}
	for {
		select {
		case <-stop:
			return
		default:
		}
		m, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			log.Fatal(err)
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Printf("store: %v", err)
		}
		if _, err := c.Commit(); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

var _, _ = tickedCommit, stopOrCommit
