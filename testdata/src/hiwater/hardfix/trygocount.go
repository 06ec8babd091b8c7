package hardfix

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

// tryCounted starts a group function per record when the caller's group
// has room, counting the records it had no room for in the if reading the
// result of TryGo, a variable of its own statement; each function marks
// its record. The fix calls each function in place, handing its error to
// the caller's group; the variable and the
// if go, since the group always has room for a function run in place.
func tryCounted(ctx context.Context, cl *kgo.Client, g *errgroup.Group) error {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		busy := 0
		for _, r := range fetches.Records() {
			started := g.TryGo(func() error {
				if err := process(ctx, r); err != nil {
					return err
				}
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a per-record errgroup function`
				return nil
			})
			if !started {
				busy++
			}
		}
		log.Printf("poll: %d records not started", busy)
	}
	return ctx.Err()
}

// tryCountedJoined is tryCounted's twin: the functions only process, a
// record the group has no room for is processed in place, and the batch is
// marked once the group is done.
func tryCountedJoined(ctx context.Context, cl *kgo.Client) error {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		var g errgroup.Group
		g.SetLimit(4)
		inPlace := 0
		for _, r := range fetches.Records() {
			started := g.TryGo(func() error { return process(ctx, r) })
			if !started {
				inPlace++
				if err := process(ctx, r); err != nil {
					return err
				}
			}
		}
		if err := g.Wait(); err != nil {
			return err
		}
		log.Printf("poll: %d records processed in place", inPlace)
		cl.MarkCommitRecords(fetches.Records()...) // ok: marked after the group is done
	}
	return ctx.Err()
}

// tryElseIf starts a group function per record in the condition of an if
// with an else-if; each function marks its record. The fix calls each
// function in place, in an expression reporting it started.
func tryElseIf(ctx context.Context, cl *kgo.Client, g *errgroup.Group) error {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		started := 0
		for _, r := range fetches.Records() {
			if g.TryGo(func() error {
				if err := process(ctx, r); err != nil {
					return err
				}
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a per-record errgroup function`
				return nil
			}) {
				started++
			} else if ctx.Err() != nil {
				return ctx.Err()
			}
		}
		log.Printf("poll: %d records started", started)
	}
	return ctx.Err()
}
