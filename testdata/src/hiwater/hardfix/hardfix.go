// Package hardfix holds hiwater findings once reported without a fix (#13
// item 4): goroutines that report to the loop that started them, a
// collector committing in an if with an else, a completion callback
// handed on in an if's init. Each positive has a silent twin.
package hardfix

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func process(ctx context.Context, r *kgo.Record) error { return nil }

func handle(ctx context.Context, m kafka.Message) error { return nil }

func handleMessage(m *sarama.ConsumerMessage) error { return nil }

// fetch feeds the reader's messages to a channel, closed when a fetch
// fails (the reader is closed, or ctx done).
func fetch(ctx context.Context, r *kafka.Reader) <-chan kafka.Message {
	msgs := make(chan kafka.Message)
	go func() {
		defer close(msgs)
		for {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			msgs <- m
		}
	}()
	return msgs
}
