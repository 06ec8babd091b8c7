// Package viaiface holds hiwater cases for consumers that services hide
// behind interfaces of their own: per-record goroutines committing their
// own record through the interface commit out of order all the same.
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
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", b)
	return err
}

// poller is the franz-go client as the notifier uses it.
type poller interface {
	PollFetches(ctx context.Context) kgo.Fetches
	CommitRecords(ctx context.Context, rs ...*kgo.Record) error
}

// Notifier is handed its client (auto-commit off) by the wiring package.
type Notifier struct{ Client poller }

// Run saves and commits each record in a goroutine of its own.
func (n *Notifier) Run(ctx context.Context) {
	for {
		fs := n.Client.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			go func() {
				if err := save(ctx, r.Value); err != nil {
					log.Printf("save: %v", err)
					return
				}
				if err := n.Client.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords from a per-record goroutine`
					log.Printf("commit: %v", err)
				}
			}()
		})
	}
}

// RunInPlace saves and commits each record in turn.
func (n *Notifier) RunInPlace(ctx context.Context) {
	for {
		fs := n.Client.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(ctx, r.Value); err != nil {
				log.Printf("save: %v", err)
				return
			}
			if err := n.Client.CommitRecords(ctx, r); err != nil { // ok: one record at a time
				log.Printf("commit: %v", err)
			}
		})
	}
}

// messages is the confluent consumer as the writer uses it.
type messages interface {
	ReadMessage(timeout time.Duration) (*kafka.Message, error)
	StoreMessage(m *kafka.Message) ([]kafka.TopicPartition, error)
}

// Writer stores offsets (auto-store off where the consumer is built).
type Writer struct{ C messages }

// Run saves and stores each message in a goroutine of its own.
func (w *Writer) Run(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := w.C.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func() {
			if err := save(ctx, m.Value); err != nil {
				log.Printf("save: %v", err)
				return
			}
			if _, err := w.C.StoreMessage(m); err != nil { // want `call to StoreMessage from a per-record goroutine`
				log.Printf("store: %v", err)
			}
		}()
	}
}

// RunInPlace saves and stores each message in turn.
func (w *Writer) RunInPlace(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := w.C.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(ctx, m.Value); err != nil {
			log.Printf("save: %v", err)
			continue
		}
		if _, err := w.C.StoreMessage(m); err != nil { // ok: one message at a time
			log.Printf("store: %v", err)
		}
	}
}

// source is the kafka-go reader as the fan-out uses it.
type source interface {
	FetchMessage(ctx context.Context) (kafkago.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafkago.Message) error
}

// Fanout saves and commits each message in a goroutine of its own.
func Fanout(ctx context.Context, r source) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go func() {
			if err := save(ctx, m.Value); err != nil {
				log.Printf("save: %v", err)
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a per-record goroutine`
				log.Printf("commit: %v", err)
			}
		}()
	}
}

// FanoutInPlace saves and commits each message in turn.
func FanoutInPlace(ctx context.Context, r source) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: one message at a time
			return err
		}
	}
}
