package cases

import (
	"context"
	"log"
	"os"

	"github.com/segmentio/kafka-go"
)

// A give-up that dead-letters the message and only logs when that write
// fails, then commits: the message is in neither place (audit 36a/D4).
// The twin (retryDeadLetters, retrygiveup.go) stops there.
func deadLetterLogged(ctx context.Context, dlq *kafka.Writer) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-dlqlogged", Topic: "t"}) // case: dlqlogged
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
					log.Printf("dead letter: %v", err)
				}
				break
			}
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

// deadLetterFlagged is deadLetterLogged keeping the dead-letter failure
// in a flag it stops on before the commit (review 36-2/D8).
func deadLetterFlagged(ctx context.Context, dlq *kafka.Writer) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-dlqflagged", Topic: "t"}) // case: dlqflagged
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
				lost := false
				if err := dlq.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value}); err != nil {
					log.Printf("dead letter: %v", err)
					lost = true
				}
				if lost {
					log.Fatal("message lost")
				}
				break
			}
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}
