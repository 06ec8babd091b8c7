// Package queue wraps a kafka-go reader committing in the background
// (CommitInterval) for the service's workers (report/wrapqueue).
package queue

import (
	"context"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

type Queue struct{ r *kafka.Reader }

func New(topic string) *Queue {
	return &Queue{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "wrapqueue", Topic: topic, CommitInterval: time.Second})}
}

func (q *Queue) Receive(ctx context.Context) *kafka.Message {
	m, err := q.r.FetchMessage(ctx)
	if err != nil {
		return nil
	}
	return &m
}

func (q *Queue) Commit(ctx context.Context, m *kafka.Message) {
	if err := q.r.CommitMessages(ctx, *m); err != nil {
		log.Printf("commit: %v", err)
	}
}
