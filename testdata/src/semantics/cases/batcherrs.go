package cases

import (
	"context"
	"log"
	"os"

	kafkago "github.com/segmentio/kafka-go"
)

// bulkWrite writes a batch and says, for each message, whether it failed.
func bulkWrite(batch []kafkago.Message) []error {
	errs := make([]error, len(batch))
	for i, m := range batch {
		errs[i] = os.WriteFile(string(m.Key), m.Value, 0o644)
	}
	return errs
}

// The failures of a batch's messages, one per message, are logged and the
// whole batch committed (audit 34c/D1: the row said at-least-once). The
// twin stops on the first one.
func batchErrsLogged(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-batcherrs", Topic: "t"}) // case: batcherrs
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		batch := []kafkago.Message{m}
		for i, err := range bulkWrite(batch) {
			if err != nil {
				log.Printf("message %d: %v", batch[i].Offset, err)
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return
		}
	}
}

func batchErrsStop(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-batcherrsstop", Topic: "t"}) // case: batcherrsstop
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		batch := []kafkago.Message{m}
		for _, err := range bulkWrite(batch) {
			if err != nil {
				log.Fatal(err)
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return
		}
	}
}
