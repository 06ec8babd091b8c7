// Package confluentstore: StoreMessage and StoreOffsets only store while
// enable.auto.offset.store is off.
package confluentstore

import (
	"fmt"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func apply(m *kafka.Message) error {
	if m.Value == nil {
		return fmt.Errorf("tombstone for %s", m.Key)
	}
	return nil
}

// storeIgnored stores after processing but left auto-store on: every
// StoreMessage returns ErrInvalidArg (discarded here).
func storeIgnored() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
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
			log.Printf("read: %v", err)
			continue
		}
		if err := apply(msg); err != nil {
			return err
		}
		c.StoreMessage(msg) // want `does nothing while enable.auto.offset.store is on: StoreMessage returns ErrInvalidArg`
	}
}

// storeEffective is storeIgnored with auto-store off.
func storeEffective() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // ok: auto-store off, so StoreMessage stores
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "ledger",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			log.Printf("read: %v", err)
			continue
		}
		if err := apply(msg); err != nil {
			return err
		}
		c.StoreMessage(msg) // ok: auto-store is off
	}
}

// storeOffsetsIgnored sets auto-store on explicitly: the fix flips the value.
func storeOffsetsIgnored() error {
	cfg := &kafka.ConfigMap{"group.id": "ledger"}
	cfg.SetKey("enable.auto.offset.store", true)
	c, err := kafka.NewConsumer(cfg)
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		if err := apply(msg); err != nil {
			return err
		}
		next := msg.TopicPartition
		next.Offset++
		if _, err := c.StoreOffsets([]kafka.TopicPartition{next}); err != nil { // want `does nothing while enable.auto.offset.store is on: StoreOffsets returns ErrInvalidArg`
			return err
		}
	}
}

// storeThenCommit turns auto-commit off and commits the stored offsets
// with Commit: with auto-store on those are the delivered ones, which this
// synchronous loop has processed when it commits. StoreMessage does
// nothing (its error is dropped), but no offset is lost.
func storeThenCommit() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ledger", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		if err := apply(msg); err != nil {
			return err
		}
		c.StoreMessage(msg) // ok: auto-commit off, Commit after processing
		if _, err := c.Commit(); err != nil {
			return err
		}
	}
}

// storeThenCommitMessage commits each message explicitly: the store is a
// no-op, but the auto-stored offsets are never sent, so nothing is lost.
func storeThenCommitMessage() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ledger", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		if err := apply(msg); err != nil {
			return err
		}
		c.StoreMessage(msg) // ok: auto-commit off and CommitMessage commits explicit offsets
		if _, err := c.CommitMessage(msg); err != nil {
			return err
		}
	}
}
