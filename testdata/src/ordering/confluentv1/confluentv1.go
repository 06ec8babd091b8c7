// Package confluentv1 holds ordering cases for the v1 import path
// github.com/confluentinc/confluent-kafka-go/kafka.
package confluentv1

import (
	"context"
	"encoding/json"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

type reading struct {
	Sensor string  `json:"sensor"`
	Value  float64 `json:"value"`
}

type series interface {
	Append(ctx context.Context, r reading) error
}

type ingester struct {
	c  *kafka.Consumer
	db series
}

func (in *ingester) ingest(ctx context.Context, msg *kafka.Message) error {
	var r reading
	if err := json.Unmarshal(msg.Value, &r); err != nil {
		return err
	}
	return in.db.Append(ctx, r)
}

// loop commits before ingesting.
func (in *ingester) loop(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := in.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := in.c.CommitMessage(msg); err != nil { // want `call to CommitMessage before the message is processed: a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := in.ingest(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// loopAfter is loop's twin.
func (in *ingester) loopAfter(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := in.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := in.ingest(ctx, msg); err != nil {
			return err
		}
		if _, err := in.c.CommitMessage(msg); err != nil { // ok: after processing
			return err
		}
	}
	return nil
}

func newIngester(db series) (*ingester, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "k:9092",
		"group.id":           "readings",
		"enable.auto.commit": false,
	})
	if err != nil {
		return nil, err
	}
	return &ingester{c: c, db: db}, nil
}
