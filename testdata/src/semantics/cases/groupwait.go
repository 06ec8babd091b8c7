package cases

import (
	"context"
	"log"

	"hiwater/xspawners/routines"

	kafkago "github.com/segmentio/kafka-go"
)

// A batch processed by goroutines a utility package's group starts, and
// waited for with its Wait before the batch is committed: joined (a
// failure only logged in them is skipped: trial 43c/D2).
func groupWaited(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-groupwait", Topic: "t"}) // case: groupwait
	for {
		var batch []kafkago.Message
		for range 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		var g routines.Group
		for _, m := range batch {
			g.Run(func() {
				if err := apply(m); err != nil {
					log.Print(err)
				}
			})
		}
		g.Wait()
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return
		}
	}
}

var _ = groupWaited
