package cases

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// The fetch loop commits a record it filters out at once, while those
// before it wait in the queue for the collector: the commit passes them
// (trial 33b/1, kafka-konsumer's header filter). The twin queues the
// filtered record too, for the collector to commit in order.
func filteredCommit(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-filteredcommit", Topic: "t"}) // case: filteredcommit
	queue := make(chan kafka.Message, 100)
	go collect(ctx, r, queue)
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if len(m.Key) == 0 {
			if err := r.CommitMessages(ctx, m); err != nil {
				return
			}
			continue
		}
		queue <- m
	}
}

func filteredQueued(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-filteredqueued", Topic: "t"}) // case: filteredqueued
	queue := make(chan kafka.Message, 100)
	go collect(ctx, r, queue)
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		queue <- m
	}
}

func collect(ctx context.Context, r *kafka.Reader, queue <-chan kafka.Message) {
	for m := range queue {
		if len(m.Key) > 0 {
			for apply(m) != nil {
			}
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}
