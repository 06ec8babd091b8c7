package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// pollErrSkip polls again when the poll reports an error, dropping the
// records the poll also holds: the next commit passes them.
func pollErrSkip(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollerr"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: pollerrskip
	if err != nil {
		return
	}
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			log.Printf("poll: %v", err)
			continue
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				log.Fatal(err)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

// pollErrLogged logs the poll's errors and processes its records anyway.
func pollErrLogged(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollerrlog"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: pollerrlogged
	if err != nil {
		return
	}
	for {
		fetches := cl.PollFetches(ctx)
		if errs := fetches.Errors(); len(errs) > 0 {
			log.Printf("poll: %v", errs)
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				log.Fatal(err)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

// pollErrStop returns on the poll's error: nothing is committed past the
// records it held.
func pollErrStop(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollerrstop"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: pollerrstop
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				log.Fatal(err)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

var _, _, _ = pollErrSkip, pollErrLogged, pollErrStop
