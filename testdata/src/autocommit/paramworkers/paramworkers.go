// Package paramworkers: messages sent on a local channel that a go
// statement passes to a worker function, with the consumer. The end of
// the loop is not after the processing: the store (confluent-kafka-go) or
// the commit (kafka-go) goes in the worker, made one worker, on the
// consumer it is passed.
package paramworkers

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
)

type store struct{ rows map[string][]byte }

func (s *store) save(ctx context.Context, m *kafka.Message) error {
	s.rows[string(m.Key)] = m.Value
	return ctx.Err()
}

func index(m kafkago.Message) error { return nil }

// archive is the worker: it saves each message it receives.
func archive(ctx context.Context, c *kafka.Consumer, s *store, in <-chan *kafka.Message) {
	for m := range in {
		if err := s.save(ctx, m); err != nil {
			log.Printf("save: %v", err)
		}
	}
}

// archiveAll keeps the defaults and hands each message to a pool of
// archive workers.
func archiveAll(ctx context.Context, s *store, workers int) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "archiver"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message, 64)
	for i := 0; i < workers; i++ {
		go archive(ctx, c, s, jobs)
	}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
	return nil
}

// archiveStored is archive storing each message after its save.
func archiveStored(ctx context.Context, c *kafka.Consumer, s *store, in <-chan *kafka.Message) {
	for m := range in {
		if err := s.save(ctx, m); err != nil {
			log.Printf("save: %v", err)
			continue
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Printf("store offset: %v", err)
		}
	}
}

// archiveAllStored turns the auto-store off; its one worker stores.
func archiveAllStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "archiver-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message, 64)
	go archiveStored(ctx, c, s, jobs)
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
	return nil
}

// indexOne is the worker of a kafka-go reader: it indexes each message.
func indexOne(ctx context.Context, r *kafkago.Reader, in <-chan kafkago.Message) {
	for m := range in {
		if err := index(m); err != nil {
			log.Printf("index: %v", err)
			continue
		}
	}
}

// indexAll reads with ReadMessage on a group reader and hands each message
// to its worker.
func indexAll(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	jobs := make(chan kafkago.Message)
	go indexOne(ctx, r, jobs)
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		jobs <- m
	}
}

// indexCommitted is indexOne committing each message after indexing it.
func indexCommitted(ctx context.Context, r *kafkago.Reader, in <-chan kafkago.Message) {
	for m := range in {
		if err := index(m); err != nil {
			log.Printf("index: %v", err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit offset: %v", err)
		}
	}
}

// indexAllFetched fetches; the worker commits.
func indexAllFetched(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	jobs := make(chan kafkago.Message)
	go indexCommitted(ctx, r, jobs)
	for {
		m, err := r.FetchMessage(ctx) // ok: FetchMessage commits nothing; the worker commits after processing
		if err != nil {
			return err
		}
		jobs <- m
	}
}
