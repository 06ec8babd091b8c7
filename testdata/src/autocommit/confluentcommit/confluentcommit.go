// Package confluentcommit: the librdkafka defaults (auto-commit and
// auto-store on) with explicit commits after processing. The commits do
// not close the window: the offset is stored when the message is handed
// to the app, and the timer can commit it while the message is processed.
package confluentcommit

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func apply(b []byte) error { return nil }

func consumerConfig(group string) kafka.ConfigMap {
	m := kafka.ConfigMap{}
	_ = m.SetKey("bootstrap.servers", "localhost:9092")
	_ = m.SetKey("group.id", group)
	return m
}

// pollCommit commits the stored offsets after each message: the store goes
// before the Commit, on the success path.
func pollCommit() {
	cm := consumerConfig("edge")
	c, err := kafka.NewConsumer(&cm) // want `enable.auto.commit and enable.auto.offset.store are on: librdkafka stores each message's offset when it is handed to the app`
	if err != nil {
		panic(err)
	}
	_ = c.SubscribeTopics([]string{"runs"}, nil)
	for {
		e := c.Poll(100)
		switch m := e.(type) {
		case *kafka.Message:
			if err := apply(m.Value); err != nil {
				log.Print(err)
			}
			if _, err := c.Commit(); err != nil {
				log.Print(err)
			}
		}
	}
}

// readCommitMessage commits each message after processing it.
func readCommitMessage() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `enable.auto.commit and enable.auto.offset.store are on`
		"bootstrap.servers": "localhost:9092",
		"group.id":          "ledger",
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(msg.Value); err != nil {
			return err
		}
		if _, err := c.CommitMessage(msg); err != nil {
			return err
		}
	}
}

// pollCommitStored is pollCommit with auto-store off and a store before
// the Commit.
func pollCommitStored() {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // ok: auto-store off, stored after processing, then committed
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "edge",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		panic(err)
	}
	_ = c.SubscribeTopics([]string{"runs"}, nil)
	for {
		e := c.Poll(100)
		switch m := e.(type) {
		case *kafka.Message:
			if err := apply(m.Value); err != nil {
				log.Print(err)
				continue
			}
			if _, err := c.StoreMessage(m); err != nil {
				log.Print(err)
			}
			if _, err := c.Commit(); err != nil {
				log.Print(err)
			}
		}
	}
}

// readCommitManual is readCommitMessage with auto-commit off.
func readCommitManual() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // ok: auto-commit off, CommitMessage after processing
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "ledger",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(msg.Value); err != nil {
			return err
		}
		if _, err := c.CommitMessage(msg); err != nil {
			return err
		}
	}
}
