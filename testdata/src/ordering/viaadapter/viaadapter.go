// Package viaadapter holds ordering cases for clients that services use
// through an interface of their own, implemented by an adapter type that
// forwards each method to the client it holds.
package viaadapter

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO invoices (body) VALUES ($1)", b)
	return err
}

// Queue is the service's view of a franz-go client.
type Queue interface {
	Poll(ctx context.Context) kgo.Fetches
	Ack(ctx context.Context, rs ...*kgo.Record) error
}

type kgoQueue struct{ cl *kgo.Client }

func (q *kgoQueue) Poll(ctx context.Context) kgo.Fetches { return q.cl.PollFetches(ctx) } // want Poll:`returnsFetched\(\[0\], PollFetches\)`

func (q *kgoQueue) Ack(ctx context.Context, rs ...*kgo.Record) error { // want Ack:`commitsParam\(1, CommitRecords\)` Ack:`doesNotProcess\[1\]`
	return q.cl.CommitRecords(ctx, rs...)
}

// invoices acknowledges each record before saving it.
func invoices(ctx context.Context, q Queue) {
	for ctx.Err() == nil {
		for _, r := range q.Poll(ctx).Records() {
			if err := q.Ack(ctx, r); err != nil { // want `call to Ack before the record is processed`
				log.Printf("ack: %v", err)
				continue
			}
			if err := save(ctx, r.Value); err != nil {
				log.Printf("save: %v", err)
			}
		}
	}
}

// receipts saves each record, then acknowledges it.
func receipts(ctx context.Context, q Queue) {
	for ctx.Err() == nil {
		for _, r := range q.Poll(ctx).Records() {
			if err := save(ctx, r.Value); err != nil {
				log.Printf("save: %v", err)
				continue
			}
			if err := q.Ack(ctx, r); err != nil { // ok: acknowledged after the save
				log.Printf("ack: %v", err)
			}
		}
	}
}

// StartBilling runs both consumers, auto-commit off.
func StartBilling(ctx context.Context) error {
	inv, err := kgo.NewClient(kgo.ConsumerGroup("invoices"), kgo.ConsumeTopics("billing"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	rec, err := kgo.NewClient(kgo.ConsumerGroup("receipts"), kgo.ConsumeTopics("billing"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	go receipts(ctx, &kgoQueue{cl: rec})
	invoices(ctx, &kgoQueue{cl: inv})
	return nil
}

// Inbox is the service's view of a confluent consumer.
type Inbox interface {
	Next(timeout time.Duration) (*kafka.Message, error)
	Done(m *kafka.Message) error
}

type confluentInbox struct{ c *kafka.Consumer }

func (i confluentInbox) Next(timeout time.Duration) (*kafka.Message, error) { // want Next:`returnsFetched\(\[0\], ReadMessage\)`
	return i.c.ReadMessage(timeout)
}

func (i confluentInbox) Done(m *kafka.Message) error { // want Done:`commitsParam\(0, CommitMessage\)` Done:`doesNotProcess\[0\]`
	_, err := i.c.CommitMessage(m)
	return err
}

// refunds commits each message, then saves it.
func refunds(ctx context.Context, in Inbox) {
	for ctx.Err() == nil {
		m, err := in.Next(time.Second)
		if err != nil {
			continue
		}
		if err := in.Done(m); err != nil { // want `call to Done before the message is processed`
			log.Printf("commit: %v", err)
			continue
		}
		if err := save(ctx, m.Value); err != nil {
			log.Printf("save: %v", err)
		}
	}
}

// StartRefunds runs the refunds consumer, auto-commit off.
func StartRefunds(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "refunds", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	if err := c.SubscribeTopics([]string{"refunds"}, nil); err != nil {
		return err
	}
	refunds(ctx, confluentInbox{c: c})
	return nil
}
