package cases

import (
	"context"
	"log"
	"os"

	"github.com/segmentio/kafka-go"
)

// outcome carries a processing's failure in a field.
type outcome struct {
	Err     error
	Written int
}

func writeOutcome(m kafka.Message) outcome {
	return outcome{Err: os.WriteFile(string(m.Key), m.Value, 0o644), Written: len(m.Value)}
}

// A failure carried in a result struct, logged and skipped: the next
// commit passes it (trial 33a/1, go-kit's batch handler reduced).
func resultStruct(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-resultstruct", Topic: "t"}) // case: resultstruct
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if res := writeOutcome(m); res.Err != nil {
			err := res.Err
			log.Printf("offset %d: %v", m.Offset, err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}
