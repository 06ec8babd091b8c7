package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// pollCommitted keeps the default auto-commit and also commits each poll
// once its records are processed: a crash replays at most that poll.
func pollCommitted(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-pollcommitted"), kgo.ConsumeTopics("t")) // case: pollcommitted
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				log.Fatal(err)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Print(err)
		}
	}
}
