// Package fieldworkers: messages sent on a channel held in a field of a
// service, to workers that a method of the service starts. The end of the
// loop is not after the processing: the store (confluent-kafka-go) or the
// commit (kafka-go) goes in the worker, made one worker.
package fieldworkers

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

// archiver keeps its consumer and its work channel in fields; start runs
// a pool of workers, a method.
type archiver struct {
	c    *kafka.Consumer
	s    *store
	jobs chan *kafka.Message
}

func newArchiver(s *store) (*archiver, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "archiver"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return nil, err
	}
	return &archiver{c: c, s: s, jobs: make(chan *kafka.Message, 64)}, nil
}

func (a *archiver) start(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		go a.work(ctx)
	}
}

func (a *archiver) work(ctx context.Context) {
	for m := range a.jobs {
		if err := a.s.save(ctx, m); err != nil {
			log.Printf("save: %v", err)
		}
	}
}

func (a *archiver) run(ctx context.Context) {
	for ctx.Err() == nil {
		msg, err := a.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		a.jobs <- msg
	}
}

// storingArchiver turns the auto-store off and stores in its one worker
// after the save.
type storingArchiver struct {
	c    *kafka.Consumer
	s    *store
	jobs chan *kafka.Message
}

func newStoringArchiver(s *store) (*storingArchiver, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "archiver-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return nil, err
	}
	return &storingArchiver{c: c, s: s, jobs: make(chan *kafka.Message, 64)}, nil
}

func (a *storingArchiver) start(ctx context.Context) {
	go a.work(ctx)
}

func (a *storingArchiver) work(ctx context.Context) {
	for m := range a.jobs {
		if err := a.s.save(ctx, m); err != nil {
			log.Printf("save: %v", err)
			continue
		}
		if _, err := a.c.StoreMessage(m); err != nil {
			log.Printf("store offset: %v", err)
		}
	}
}

func (a *storingArchiver) run(ctx context.Context) {
	for ctx.Err() == nil {
		msg, err := a.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		a.jobs <- msg
	}
}

// indexer reads with ReadMessage on a group reader held in a field and
// hands each message to its one worker over a field's channel.
type indexer struct {
	r    *kafkago.Reader
	jobs chan kafkago.Message
}

func newIndexer() *indexer {
	return &indexer{
		r:    kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"}),
		jobs: make(chan kafkago.Message),
	}
}

func (x *indexer) start(ctx context.Context) {
	go x.work(ctx)
}

func (x *indexer) work(ctx context.Context) {
	for m := range x.jobs {
		if err := index(m); err != nil {
			log.Printf("index: %v", err)
			continue
		}
	}
}

func (x *indexer) run(ctx context.Context) error {
	for {
		m, err := x.r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		x.jobs <- m
	}
}

// committingIndexer fetches, and its worker commits after indexing.
type committingIndexer struct {
	r    *kafkago.Reader
	jobs chan kafkago.Message
}

func newCommittingIndexer() *committingIndexer {
	return &committingIndexer{
		r:    kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"}),
		jobs: make(chan kafkago.Message),
	}
}

func (x *committingIndexer) start(ctx context.Context) {
	go x.work(ctx)
}

func (x *committingIndexer) work(ctx context.Context) {
	for m := range x.jobs {
		if err := index(m); err != nil {
			log.Printf("index: %v", err)
			continue
		}
		if err := x.r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit offset: %v", err)
		}
	}
}

func (x *committingIndexer) run(ctx context.Context) error {
	for {
		m, err := x.r.FetchMessage(ctx) // ok: FetchMessage commits nothing; the worker commits after processing
		if err != nil {
			return err
		}
		x.jobs <- m
	}
}
