package cases

import (
	"context"
	"log"
	"os"

	"github.com/segmentio/kafka-go"
)

// A bounded retry that gives up and goes on to the next message: a later
// commit passes the message given up (trial 33a/2). The twin stops.
func retryGivesUp(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-retrygiveup", Topic: "t"}) // case: retrygiveup
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for tries := 0; ; tries++ {
			err := os.WriteFile(string(m.Key), m.Value, 0o644)
			if err == nil {
				if err := r.CommitMessages(ctx, m); err != nil {
					return
				}
				break
			}
			if tries >= 3 {
				log.Printf("giving up on %d", m.Offset)
				break
			}
		}
	}
}

func retryThenStop(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-retrystops", Topic: "t"}) // case: retrystops
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for tries := 0; ; tries++ {
			err := os.WriteFile(string(m.Key), m.Value, 0o644)
			if err == nil {
				if err := r.CommitMessages(ctx, m); err != nil {
					return
				}
				break
			}
			if tries >= 3 {
				log.Printf("giving up on %d", m.Offset)
				return
			}
		}
	}
}

// A give-up that dead-letters the message, stopping if that fails: the
// failure is handed on, not skipped (review 33-2/4).
func retryDeadLetters(ctx context.Context, dlq *kafka.Writer) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-retrydlq", Topic: "t"}) // case: retrydlq
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for tries := 0; ; tries++ {
			err := os.WriteFile(string(m.Key), m.Value, 0o644)
			if err == nil {
				break
			}
			if tries >= 3 {
				if err := dlq.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value}); err != nil {
					return
				}
				break
			}
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}
