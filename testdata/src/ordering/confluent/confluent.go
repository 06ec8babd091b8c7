// Package confluent holds ordering cases for
// github.com/confluentinc/confluent-kafka-go/v2/kafka.
package confluent

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type shipment struct {
	ID    string `json:"id"`
	State string `json:"state"`
}

type tracker interface {
	Update(ctx context.Context, s shipment) error
}

func track(ctx context.Context, t tracker, msg *kafka.Message) error {
	var s shipment
	if err := json.Unmarshal(msg.Value, &s); err != nil {
		return err
	}
	return t.Update(ctx, s)
}

// manualConsumer has auto-commit off: commits are the application's.
func manualConsumer() (*kafka.Consumer, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "k:9092",
		"group.id":           "shipments",
		"enable.auto.commit": false,
	})
}

// commitFirst commits each message before tracking it.
func commitFirst(ctx context.Context, t tracker) error {
	c, err := manualConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage before the message is processed: a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := track(ctx, t, msg); err != nil {
			return err
		}
	}
}

// commitAfter is commitFirst's twin.
func commitAfter(ctx context.Context, t tracker) error {
	c, err := manualConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := track(ctx, t, msg); err != nil {
			return err
		}
		if _, err := c.CommitMessage(msg); err != nil { // ok: after processing
			return err
		}
	}
}

// offsetsFirst commits a TopicPartition built from the message, in a Poll
// loop.
func offsetsFirst(ctx context.Context, t tracker) error {
	c, err := manualConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			tp := e.TopicPartition
			tp.Offset++
			if _, err := c.CommitOffsets([]kafka.TopicPartition{tp}); err != nil { // want `call to CommitOffsets before the message is processed`
				return err
			}
			if err := track(ctx, t, e); err != nil {
				return err
			}
		case kafka.Error:
			log.Printf("kafka: %v", e)
		}
	}
}

// storeFirst has auto-store off (stores are the application's) and the
// auto-commit timer on: a store before processing is committed by the
// timer at any moment.
func storeFirst(ctx context.Context, t tracker) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "k:9092",
		"group.id":                 "shipments",
		"enable.auto.offset.store": false,
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
		if _, err := c.StoreMessage(msg); err != nil { // want `call to StoreMessage before the message is processed: the auto-commit timer may commit the stored offset at any moment, so a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := track(ctx, t, msg); err != nil {
			return err
		}
	}
}

// storeAfter is storeFirst's twin.
func storeAfter(ctx context.Context, t tracker) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "k:9092",
		"group.id":                 "shipments",
		"enable.auto.offset.store": false,
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
		if err := track(ctx, t, msg); err != nil {
			return err
		}
		if _, err := c.StoreMessage(msg); err != nil { // ok: after processing
			return err
		}
	}
}

// commitStored calls Commit() with auto-store on: it commits the offset
// librdkafka stored when ReadMessage handed the message over.
func commitStored(ctx context.Context, t tracker) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "k:9092",
		"group.id":           "shipments",
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
		if _, err := c.Commit(); err != nil { // want `call to Commit before the message is processed: with enable.auto.offset.store on it commits the offsets of messages already handed out, so a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := track(ctx, t, msg); err != nil {
			return err
		}
	}
}

// commitStoredOff calls Commit() with auto-store and auto-commit off and
// the store after processing: Commit() commits what was stored, the
// previous message.
func commitStoredOff(ctx context.Context, t tracker) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "k:9092",
		"group.id":                 "shipments",
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
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
		if _, err := c.Commit(); err != nil { // ok: auto-store off, it commits the previous message's store
			log.Printf("commit: %v", err)
		}
		if err := track(ctx, t, msg); err != nil {
			return err
		}
		if _, err := c.StoreMessage(msg); err != nil {
			return err
		}
	}
}

// storeThenCommit stores and commits before processing, with both
// auto-commit and auto-store off.
func storeThenCommit(ctx context.Context, t tracker) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "k:9092",
		"group.id":                 "shipments",
		"enable.auto.commit":       "false",
		"enable.auto.offset.store": "false",
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
		if _, err := c.StoreMessage(msg); err != nil { // ok: auto-commit off, the store alone commits nothing
			return err
		}
		if _, err := c.Commit(); err != nil { // want `call to Commit before the message is processed: it commits the offset stored by StoreMessage above`
			return err
		}
		if err := track(ctx, t, msg); err != nil {
			return err
		}
	}
}

// commitLogged commits each message and logs the committed offsets
// before tracking it: the log moves with the commit.
func commitLogged(ctx context.Context, t tracker) error {
	c, err := manualConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		parts, err := c.CommitMessage(msg) // want `call to CommitMessage before the message is processed`
		if err != nil {
			return err
		}
		log.Printf("committed %v", parts)
		if err := track(ctx, t, msg); err != nil {
			return err
		}
	}
}

// trackLogged is commitLogged's twin.
func trackLogged(ctx context.Context, t tracker) error {
	c, err := manualConsumer()
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := track(ctx, t, msg); err != nil {
			return err
		}
		parts, err := c.CommitMessage(msg) // ok: after processing
		if err != nil {
			return err
		}
		log.Printf("committed %v", parts)
	}
}
