package pool

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

// countedBatch hands a batch to workers over a buffered channel and
// receives one answer for each message it sent before it commits the
// batch: the commit follows every message's processing.
func countedBatch(ctx context.Context, db store) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "counted", Topic: "orders"})
	work := make(chan kafka.Message, 100)
	done := make(chan struct{}, 100)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range work {
				if err := apply(ctx, db, m.Value); err != nil {
					log.Print(err)
				}
				done <- struct{}{}
			}
		}()
	}
	for {
		batch := make([]kafka.Message, 0, 100)
		for len(batch) < 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			work <- m
		}
		for i := 0; i < len(batch); i++ {
			<-done
		}
		if err := r.CommitMessages(ctx, batch...); err != nil { // ok: one answer received for each message sent
			log.Print(err)
		}
	}
}
