package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// pollErrOnce returns the poll's error to its caller's loop, which calls
// it again: the records the poll also holds are dropped.
type pollErrOnce struct{ cl *kgo.Client }

func (p *pollErrOnce) consume(ctx context.Context) error {
	fetches := p.cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return err
	}
	fetches.EachRecord(func(r *kgo.Record) {
		if err := apply(r); err != nil {
			log.Fatal(err)
		}
	})
	return p.cl.CommitUncommittedOffsets(ctx)
}

func runPollErrOnce(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollerronce"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: pollerronce
	if err != nil {
		return
	}
	p := &pollErrOnce{cl: cl}
	for ctx.Err() == nil {
		if err := p.consume(ctx); err != nil {
			log.Printf("consume: %v", err)
		}
	}
}

// pollErrOnceStop's caller stops on the error: nothing is committed past
// the records the poll held.
type pollErrOnceStop struct{ cl *kgo.Client }

func (p *pollErrOnceStop) consume(ctx context.Context) error {
	fetches := p.cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return err
	}
	fetches.EachRecord(func(r *kgo.Record) {
		if err := apply(r); err != nil {
			log.Fatal(err)
		}
	})
	return p.cl.CommitUncommittedOffsets(ctx)
}

func runPollErrOnceStop(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollerroncestop"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: pollerroncestop
	if err != nil {
		return err
	}
	p := &pollErrOnceStop{cl: cl}
	for {
		if err := p.consume(ctx); err != nil {
			return err
		}
	}
}

var _, _ = runPollErrOnce, runPollErrOnceStop
