// Package retrytopic holds consumers that park a record whose processing
// failed on a retry topic, then commit it (honestbank/kp's retry and
// dead-letter middlewares): produced asynchronously, the parked copy may
// still be queued in the producer when the commit passes the original,
// and a crash then loses the record from both topics.
package retrytopic

import (
	"context"
	"database/sql"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func apply(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", v)
	return err
}

var retryTopic = "payments-retry"

// parked produces a failed message to the retry topic and commits it at
// once.
func parked(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := apply(ctx, msg.Value); err != nil {
			if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &retryTopic, Partition: kafka.PartitionAny}, Value: msg.Value}, nil); err != nil {
				log.Fatal(err)
			}
		}
		if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage after messages it commits are produced asynchronously by Produce, with no flush of the producer before it`
			log.Fatal(err)
		}
	}
}

// parkedDelivered is its twin: it waits for the parked copy's delivery
// report before committing.
func parkedDelivered(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := apply(ctx, msg.Value); err != nil {
			delivered := make(chan kafka.Event, 1)
			if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &retryTopic, Partition: kafka.PartitionAny}, Value: msg.Value}, delivered); err != nil {
				log.Fatal(err)
			}
			if err := (<-delivered).(*kafka.Message).TopicPartition.Error; err != nil {
				log.Fatal(err)
			}
		}
		if _, err := c.CommitMessage(msg); err != nil {
			log.Fatal(err)
		}
	}
}

// parkedFranz produces each failed record of a poll to the retry topic in
// EachRecord's function and commits the poll.
func parkedFranz(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(ctx, r.Value); err != nil {
				cl.Produce(ctx, &kgo.Record{Topic: retryTopic, Value: r.Value}, nil)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after records it commits are produced asynchronously by Produce, with no flush of the producer before it`
			log.Fatal(err)
		}
	}
}

// parkedFranzSync is its twin: the retry copy is produced synchronously.
func parkedFranzSync(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(ctx, r.Value); err != nil {
				if err := cl.ProduceSync(ctx, &kgo.Record{Topic: retryTopic, Value: r.Value}).FirstErr(); err != nil {
					log.Fatal(err)
				}
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Fatal(err)
		}
	}
}

func lint(v []byte) error { return nil }

// audited produces an audit copy of a message that fails a lint check,
// then applies it on every path before committing: the copy is a side
// channel, the message itself is processed in place.
func audited(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := lint(msg.Value); err != nil {
			if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &retryTopic, Partition: kafka.PartitionAny}, Value: msg.Value}, nil); err != nil {
				log.Fatal(err)
			}
		}
		if err := apply(ctx, msg.Value); err != nil {
			log.Fatal(err)
		}
		if _, err := c.CommitMessage(msg); err != nil {
			log.Fatal(err)
		}
	}
}
