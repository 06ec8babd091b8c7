// Package markersvc is a service that receives its client from the wiring // want package:`configFindings\(param:autocommit/markersvc\.Tail#1\[async-commit=false,group=true\]:read-commits-first`
// (a struct field, a function parameter) and marks what it has applied: its
// marks need the wiring's configuration (markerwire).
package markersvc

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Ledger applies entries and marks each applied record.
type Ledger struct {
	Client *kgo.Client
	Apply  func(*kgo.Record) error
}

// Run polls until the client is closed.
func (l *Ledger) Run(ctx context.Context) error {
	for {
		fetches := l.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := l.Apply(r); err != nil {
				log.Printf("skip %d: %v", r.Offset, err)
				return
			}
			l.Client.MarkCommitRecords(r) // ok: the wiring decides whether marks count
		})
	}
}

// Consume is Run with the client as a parameter.
func Consume(ctx context.Context, cl *kgo.Client, apply func(*kgo.Record) error) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := apply(r); err != nil {
				return err
			}
			cl.MarkCommitRecords(r) // ok: the wiring decides whether marks count
		}
	}
}

// Archiver stores each archived message's offset for the next commit.
type Archiver struct {
	Consumer *kafka.Consumer
	Archive  func(*kafka.Message) error
}

// Run reads until ctx is done.
func (a *Archiver) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := a.Consumer.ReadMessage(100)
		if err != nil {
			continue
		}
		if err := a.Archive(msg); err != nil {
			return err
		}
		if _, err := a.Consumer.StoreMessage(msg); err != nil { // ok: the wiring decides whether stores count
			return err
		}
	}
	return nil
}

// Tail reads r and hands each message to show: ReadMessage commits only in
// a group, which the caller decides.
func Tail(ctx context.Context, r *kafkago.Reader, show func(kafkago.Message)) error {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		show(m)
	}
}
