package cases

import (
	"context"
	"errors"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var errTransient = errors.New("transient")

// A franz-go loop that "re-polls" on a transient failure (continue
// outer), taken for a retry, and returns on any other (audit 28d/2): the
// next poll starts past the records this one held, and the commit after
// it passes them. Its twin returns on every failure.
func repoll(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-repoll"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: repoll
outer:
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := apply(r); err != nil {
				if errors.Is(err, errTransient) {
					log.Printf("transient failure at %d, re-polling", r.Offset)
					continue outer
				}
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func repollStops(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-repoll-stops"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: repollstops
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := apply(r); err != nil {
				if errors.Is(err, errTransient) {
					return err
				}
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// repollRewound rewinds the partition to the failed record before it
// polls again (review 28-3): the record comes again, nothing is skipped.
func repollRewound(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-repoll-rewound"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: repollrewound
outer:
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := apply(r); err != nil {
				if errors.Is(err, errTransient) {
					cl.SetOffsets(map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {Epoch: -1, Offset: r.Offset}}})
					continue outer
				}
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

var _, _, _ = repoll, repollStops, repollRewound
