// Package payloadhandoff: the loop sends what it decoded from the message
// (its value, a conversion of it), not the message, to workers. The
// finding is the one for sending the message: the worker lacks the
// message to store or commit, so the fix makes the channel carry the
// message and the worker compute the value from it first.
package payloadhandoff

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kgo "github.com/segmentio/kafka-go"
)

func upload(b []byte) {}

func index(doc string) error { return nil }

// validate sends each payload to a pool of four uploaders.
func validate() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "validator"}) // want `enable.auto.commit and enable.auto.offset.store are on: librdkafka stores each message's offset when it is handed to the app`
	_ = c.SubscribeTopics([]string{"t"}, nil)
	requests := make(chan []byte)
	for i := 0; i < 4; i++ {
		go func() {
			for b := range requests {
				upload(b)
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		requests <- msg.Value
	}
}

// indexDocs sends each document, as a string, to one indexer over a
// buffered channel.
func indexDocs(ctx context.Context) error {
	r := kgo.NewReader(kgo.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	defer r.Close()
	docs := make(chan string, 64)
	go func() {
		for doc := range docs {
			if err := index(doc); err != nil {
				log.Printf("index: %v", err)
				continue
			}
		}
	}()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		docs <- string(m.Value)
	}
}

// validateStored is validate made one worker that receives the message
// and stores it after the upload, auto-store off.
func validateStored() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "validator", "enable.auto.offset.store": false}) // ok: auto-store off, the worker stores after processing
	_ = c.SubscribeTopics([]string{"t"}, nil)
	requests := make(chan *kafka.Message)
	go func() {
		for m := range requests {
			upload(m.Value)
			if _, err := c.StoreMessage(m); err != nil {
				log.Printf("store offset: %v", err)
			}
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		requests <- msg
	}
}

// indexDocsCommitted is indexDocs fetching without a commit, the indexer
// committing each message after indexing it.
func indexDocsCommitted(ctx context.Context) error {
	r := kgo.NewReader(kgo.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	defer r.Close()
	docs := make(chan kgo.Message, 64)
	go func() {
		for m := range docs {
			if err := index(string(m.Value)); err != nil {
				log.Printf("index: %v", err)
				continue
			}
			if err := r.CommitMessages(ctx, m); err != nil {
				log.Printf("commit offset: %v", err)
			}
		}
	}()
	for {
		m, err := r.FetchMessage(ctx) // ok: committed by the indexer after indexing
		if err != nil {
			return err
		}
		docs <- m
	}
}

// uploadLoop holds the payload in a variable first.
func uploadLoop() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "uploader"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	payloads := make(chan []byte, 16)
	go func() {
		for p := range payloads {
			upload(p)
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		payload := msg.Value
		payloads <- payload
	}
}

// uploadLoopCommitted is uploadLoop with auto-commit off, the worker
// committing each message after the upload.
func uploadLoopCommitted() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "uploader", "enable.auto.commit": false}) // ok: auto-commit off, the worker commits after processing
	if err != nil {
		return err
	}
	msgs := make(chan *kafka.Message, 16)
	go func() {
		for m := range msgs {
			upload(m.Value)
			if _, err := c.CommitMessage(m); err != nil {
				log.Printf("commit offset: %v", err)
			}
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		msgs <- msg
	}
}
