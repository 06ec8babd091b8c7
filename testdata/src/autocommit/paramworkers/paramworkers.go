// Package paramworkers: messages sent on a local channel that a go
// statement passes to a worker function, with the consumer. The end of
// the loop is not after the processing: the store (confluent-kafka-go) or
// the commit (kafka-go) goes in the worker, made one worker, on the
// consumer it is passed.
package paramworkers

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
)

type store struct{ dir string }

func (s *store) save(ctx context.Context, m *kafka.Message) error {
	if err := os.WriteFile(s.dir+"/"+string(m.Key), m.Value, 0o644); err != nil {
		return err
	}
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

// save is a worker that is not passed the consumer: the fix passes it.
func save(ctx context.Context, s *store, in <-chan *kafka.Message) {
	for m := range in {
		if err := s.save(ctx, m); err != nil {
			log.Printf("save: %v", err)
			continue
		}
	}
}

// saveAll keeps the defaults and hands each message to its one worker,
// which does not see the consumer.
func saveAll(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "saver"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message, 64)
	go save(ctx, s, jobs)
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
	return nil
}

// saveStored is save passed the consumer, storing after each save.
func saveStored(ctx context.Context, s *store, in <-chan *kafka.Message, c *kafka.Consumer) {
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

// saveAllStored turns the auto-store off; its worker stores.
func saveAllStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "saver-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message, 64)
	go saveStored(ctx, s, jobs, c)
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
	return nil
}

// indexEach is a kafka-go worker passed neither the reader nor a context:
// the fix passes both.
func indexEach(in <-chan kafkago.Message) {
	for m := range in {
		if err := index(m); err != nil {
			log.Printf("index: %v", err)
		}
	}
}

// indexEvery reads with ReadMessage and hands each message to indexEach.
func indexEvery(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "every", Topic: "docs"})
	jobs := make(chan kafkago.Message)
	go indexEach(jobs)
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		jobs <- m
	}
}

// indexEachCommitted is indexEach passed the reader and a context,
// committing after each index.
func indexEachCommitted(in <-chan kafkago.Message, ctx context.Context, r *kafkago.Reader) {
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

// indexEveryFetched fetches; the worker commits.
func indexEveryFetched(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "every", Topic: "docs"})
	jobs := make(chan kafkago.Message)
	go indexEachCommitted(jobs, ctx, r)
	for {
		m, err := r.FetchMessage(ctx) // ok: FetchMessage commits nothing; the worker commits after processing
		if err != nil {
			return err
		}
		jobs <- m
	}
}
