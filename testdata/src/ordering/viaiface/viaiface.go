// Package viaiface holds ordering cases for consumers that services hide
// behind interfaces of their own (for tests): the interface has the
// client's fetch and its commit, mark or store, so its calls are the
// client's, and a commit before processing through it loses the record
// all the same.
package viaiface

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO orders (body) VALUES ($1)", b)
	return err
}

// poller is the franz-go client as the indexer uses it.
type poller interface {
	PollFetches(ctx context.Context) kgo.Fetches
	CommitRecords(ctx context.Context, rs ...*kgo.Record) error
}

// Indexer is handed its client by the wiring package.
type Indexer struct{ Client poller }

// Run commits each record, then saves it.
func (x *Indexer) Run(ctx context.Context) {
	for {
		fs := x.Client.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := x.Client.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords before the record is processed: a crash between them loses the record \(at-most-once\)`
				log.Printf("commit: %v", err)
				return
			}
			if err := save(ctx, r.Value); err != nil {
				log.Printf("save: %v", err)
			}
		})
	}
}

// RunAfter saves each record, then commits it.
func (x *Indexer) RunAfter(ctx context.Context) {
	for {
		fs := x.Client.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(ctx, r.Value); err != nil {
				log.Printf("save: %v", err)
				return
			}
			if err := x.Client.CommitRecords(ctx, r); err != nil { // ok: committed after the save
				log.Printf("commit: %v", err)
			}
		})
	}
}

// messages is the confluent consumer as the ledger uses it.
type messages interface {
	ReadMessage(timeout time.Duration) (*kafka.Message, error)
	StoreMessage(m *kafka.Message) ([]kafka.TopicPartition, error)
}

// Ledger stores offsets for the auto-commit timer (auto-store off, set
// where the consumer is built).
type Ledger struct{ C messages }

// NewLedger builds the consumer with auto-store off.
func NewLedger() (*Ledger, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ledger", "enable.auto.offset.store": false})
	if err != nil {
		return nil, err
	}
	return &Ledger{C: c}, nil
}

// Run stores each message's offset, then saves it.
func (l *Ledger) Run(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := l.C.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := l.C.StoreMessage(m); err != nil { // want `call to StoreMessage before the message is processed: the auto-commit timer may commit the stored offset at any moment`
			log.Printf("store: %v", err)
		}
		if err := save(ctx, m.Value); err != nil {
			log.Printf("save: %v", err)
		}
	}
}

// RunAfter saves each message, then stores its offset.
func (l *Ledger) RunAfter(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := l.C.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(ctx, m.Value); err != nil {
			log.Printf("save: %v", err)
			continue
		}
		if _, err := l.C.StoreMessage(m); err != nil { // ok: stored after the save
			log.Printf("store: %v", err)
		}
	}
}

// source is the kafka-go reader as the search service uses it.
type source interface {
	FetchMessage(ctx context.Context) (kafkago.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafkago.Message) error
	Close() error
}

// Search runs on a reader given by the wiring package.
func Search(ctx context.Context, r source) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed: a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
	}
}

// SearchAfter commits each message after saving it.
func SearchAfter(ctx context.Context, r source) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: committed after the save
			return err
		}
	}
}

// batcher is implemented by the client and by the package's own wrapper,
// which queues commits until its batch is saved: a call through it may be
// either, so it stands for no client call.
type batcher interface {
	FetchMessage(ctx context.Context) (kafkago.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafkago.Message) error
}

// queued defers each commit to flush.
type queued struct {
	r       *kafkago.Reader
	pending []kafkago.Message
}

func (q *queued) FetchMessage(ctx context.Context) (kafkago.Message, error) { // want FetchMessage:`returnsFetched\(\[0\], FetchMessage\)`
	return q.r.FetchMessage(ctx)
}

func (q *queued) CommitMessages(_ context.Context, msgs ...kafkago.Message) error { // want CommitMessages:`doesNotProcess\[1\]`
	q.pending = append(q.pending, msgs...)
	return nil
}

func (q *queued) flush(ctx context.Context) error {
	err := q.r.CommitMessages(ctx, q.pending...) // ok: after every queued message is saved
	q.pending = q.pending[:0]
	return err
}

// Archive acknowledges each message to the queue before saving it; the
// queue commits after the batch is saved.
func Archive(ctx context.Context, b batcher, q *queued) error {
	for i := 0; ; i++ {
		m, err := b.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := b.CommitMessages(ctx, m); err != nil { // ok: the package's own wrapper implements batcher too
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
		if i%100 == 99 {
			if err := q.flush(ctx); err != nil {
				return err
			}
		}
	}
}
