// Package autostore: a confluent-kafka-go consumer with auto-commit off
// and enable.auto.offset.store left on (the default) hands each message
// to one worker, which saves it and then stores its offset, while the
// fetch loop calls Commit. With auto-store on, ReadMessage stores each
// offset as it hands the message over and Commit commits those offsets,
// messages still queued for the worker included; the worker's stores
// return ErrInvalidArg. Turning auto-store off makes Commit commit the
// worker's stores: one worker, so in order, each after its save.
package autostore

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type archive struct{ rows [][]byte }

func (a *archive) save(m *kafka.Message) error {
	a.rows = append(a.rows, m.Value)
	return nil
}

// archiveEvery commits every 100 messages handed to the worker.
func archiveEvery(ctx context.Context, a *archive) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "archive",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	jobs := make(chan *kafka.Message, 100)
	defer close(jobs)
	go func() {
		for m := range jobs {
			if err := a.save(m); err != nil {
				log.Printf("save: %v", err)
				continue
			}
			c.StoreMessage(m)
		}
	}()
	n := 0
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
		if n++; n%100 == 0 {
			if _, err := c.Commit(); err != nil { // want `call to Commit after the message is sent on a channel, with no wait for its processing: with enable.auto.offset.store on it commits the offsets of messages already handed out, so a crash before the message is processed loses it \(at-most-once\)$`
				log.Printf("commit: %v", err)
			}
		}
	}
	return ctx.Err()
}

// archiveEach commits after handing each message to the worker, whose
// store checks its error.
func archiveEach(ctx context.Context, a *archive) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "archive-each",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	jobs := make(chan *kafka.Message, 16)
	go func() {
		for m := range jobs {
			if err := a.save(m); err != nil {
				log.Printf("save: %v", err)
				continue
			}
			if _, err := c.StoreMessage(m); err != nil {
				log.Printf("store: %v", err)
			}
		}
	}()
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
		if _, err := c.Commit(); err != nil { // want `call to Commit after the message is sent on a channel, with no wait for its processing: with enable.auto.offset.store on`
			log.Printf("commit: %v", err)
		}
	}
	return ctx.Err()
}

// archiveStoreOff is archiveEvery with auto-store off: Commit commits
// the offsets the worker stores after saving.
func archiveStoreOff(ctx context.Context, a *archive) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "archive-off",
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	jobs := make(chan *kafka.Message, 100)
	defer close(jobs)
	go func() {
		for m := range jobs {
			if err := a.save(m); err != nil {
				log.Printf("save: %v", err)
				continue
			}
			c.StoreMessage(m)
		}
	}()
	n := 0
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
		if n++; n%100 == 0 {
			if _, err := c.Commit(); err != nil { // ok: auto-store off, Commit commits the worker's stores
				log.Printf("commit: %v", err)
			}
		}
	}
	return ctx.Err()
}
