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
