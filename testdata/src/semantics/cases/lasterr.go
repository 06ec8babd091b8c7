package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A poll's records applied one by one into one error variable, each
// failure logged and the loop going on, the variable tested after it:
// only the last record's failure stops the commit (hunt 45f/D6). The
// twin keeps the first failure.
func runLastErr(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-last-err"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: lasterr
	for {
		fs := cl.PollFetches(ctx)
		var err error
		for _, r := range fs.Records() {
			if err = applyIn(ctx, r.Value); err != nil {
				log.Printf("apply %d: %v", r.Offset, err)
			}
		}
		if err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runFirstErr(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-first-err"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: firsterr
	for {
		fs := cl.PollFetches(ctx)
		var first error
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				log.Printf("apply %d: %v", r.Offset, err)
				if first == nil {
					first = err
				}
			}
		}
		if first != nil {
			return first
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// The same with the error kept in a field of a local struct (review
// 45-2/D5: 3 of 300 lost); the twin breaks at the first failure, which
// the field keeps for the test after the loop.
type pollTally struct {
	booked int
	err    error
}

func runLastField(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-last-field"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: lastfield
	for {
		fs := cl.PollFetches(ctx)
		var p pollTally
		for _, r := range fs.Records() {
			p.err = applyIn(ctx, r.Value)
			if p.err == nil {
				p.booked++
			}
		}
		if p.err != nil {
			return p.err
		}
		log.Printf("booked %d", p.booked)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runFieldBreak(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-field-break"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: fieldbreak
	for {
		fs := cl.PollFetches(ctx)
		var p pollTally
		for _, r := range fs.Records() {
			if p.err = applyIn(ctx, r.Value); p.err != nil {
				break
			}
			p.booked++
		}
		if p.err != nil {
			return p.err
		}
		log.Printf("booked %d", p.booked)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
