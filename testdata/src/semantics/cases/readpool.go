package cases

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"
)

// readPool reads in a group with ReadMessage (each message committed as
// it is read) and has workers commit what they finish: their commits are
// last-write-wins, so a late, lower one moves the position back (trial
// 40a/D2: the row said no duplicates).
func readPool(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-read-pool", Topic: "t"}) // case: readpool
	work := make(chan kafkago.Message)
	for range 4 {
		go func() {
			for m := range work {
				if apply(m) == nil {
					_ = r.CommitMessages(ctx, m)
				}
			}
		}()
	}
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			close(work)
			return
		}
		work <- m
	}
}
