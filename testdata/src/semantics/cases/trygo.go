package cases

import (
	"context"
	"log"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

// Records started with errgroup's TryGo on a limited group: when the
// group is full TryGo runs nothing and answers false, and a loop that only
// logs it sheds the record, which the commit of the poll passes (hunt
// 45f/D2: 296 of 300 lost with no fault). Its twin waits for a slot and
// tries again.
func runTryGoShed(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-trygo-shed"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: tryshed
	for {
		fs := cl.PollFetches(ctx)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(4)
		for _, r := range fs.Records() {
			if !g.TryGo(func() error { return applyIn(gctx, r.Value) }) {
				log.Printf("busy: shedding %d", r.Offset)
			}
		}
		if err := g.Wait(); err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runTryGoWait(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-trygo-wait"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: trywait
	for {
		fs := cl.PollFetches(ctx)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(4)
		for _, r := range fs.Records() {
			for !g.TryGo(func() error { return applyIn(gctx, r.Value) }) {
				time.Sleep(10 * time.Millisecond)
			}
		}
		if err := g.Wait(); err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func applyIn(ctx context.Context, v []byte) error { return ctx.Err() }

// runTryGoFallback falls back to Go, which waits for a slot, when TryGo
// finds the group full (review 45-2/D3): nothing is shed.
func runTryGoFallback(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-trygo-fallback"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: tryfallback
	for {
		fs := cl.PollFetches(ctx)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(4)
		busy := 0
		for _, r := range fs.Records() {
			book := func() error { return applyIn(gctx, r.Value) }
			if !g.TryGo(book) {
				busy++
				if busy%50 == 1 {
					log.Printf("busy %d times", busy)
				}
				g.Go(book)
			}
		}
		if err := g.Wait(); err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
