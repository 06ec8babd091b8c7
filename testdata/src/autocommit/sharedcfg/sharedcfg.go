// Package sharedcfg: two confluent consumers built from one configuration
// helper, each storing on delivery. The fix of one must not edit the
// helper's literal (the other consumer would change with it, and, where
// its own finding has no fix, stop storing and so committing): each fix
// sets the key on its own consumer's map, at its call.
package sharedcfg

import (
	"database/sql"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var db *sql.DB

func config(group string) *kafka.ConfigMap {
	return &kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": group}
}

func orders() {
	c, err := kafka.NewConsumer(config("orders")) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		log.Fatal(err)
	}
	_ = c.SubscribeTopics([]string{"orders"}, nil)
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.Exec("INSERT INTO orders (body) VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
	}
}

func refunds() {
	c, err := kafka.NewConsumer(config("refunds")) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		log.Fatal(err)
	}
	_ = c.SubscribeTopics([]string{"refunds"}, nil)
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.Exec("INSERT INTO refunds (body) VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
	}
}

// audit is built from its own literal: its fix adds the key there.
func audit() {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "audit"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		log.Fatal(err)
	}
	_ = c.SubscribeTopics([]string{"audit"}, nil)
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.Exec("INSERT INTO audit (body) VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
	}
}

// stored stores after processing with auto-store off in its own map.
func stored() {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "stored", "enable.auto.offset.store": false}) // ok: auto-store off, stored after processing
	if err != nil {
		log.Fatal(err)
	}
	_ = c.SubscribeTopics([]string{"stored"}, nil)
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.Exec("INSERT INTO stored (body) VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

// sharedLocal builds two consumers from one local map: each fix sets the
// key on its own copy.
func sharedLocal() {
	cfg := &kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "local"}
	a, err := kafka.NewConsumer(cfg) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		log.Fatal(err)
	}
	b, err := kafka.NewConsumer(cfg) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		log.Fatal(err)
	}
	_ = a.SubscribeTopics([]string{"a"}, nil)
	_ = b.SubscribeTopics([]string{"b"}, nil)
	go func() {
		for {
			m, err := a.ReadMessage(time.Second)
			if err != nil {
				continue
			}
			if _, err := db.Exec("INSERT INTO a (body) VALUES ($1)", m.Value); err != nil {
				log.Fatal(err)
			}
		}
	}()
	for {
		m, err := b.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.Exec("INSERT INTO b (body) VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
	}
}
