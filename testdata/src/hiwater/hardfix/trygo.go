package hardfix

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

// tryOwn starts a group function per record when the caller's group has
// room, the result of TryGo kept in a variable of its own statement; each
// function marks its record. The fix calls each function in place, hands
// its error to the caller's group (its Wait, the caller's, reports it) and
// sets the variable to true (the if reading it holds the file's only use
// of log: it stays).
func tryOwn(ctx context.Context, cl *kgo.Client, g *errgroup.Group) error {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			started := g.TryGo(func() error {
				if err := process(ctx, r); err != nil {
					return err
				}
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a per-record errgroup function`
				return nil
			})
			if !started {
				log.Printf("busy: record %d dropped", r.Offset)
			}
		}
	}
	return ctx.Err()
}

// tryOwnJoined is tryOwn's twin: the functions only process, a record the
// group has no room for is processed in place, and the batch is marked
// once the group is done.
func tryOwnJoined(ctx context.Context, cl *kgo.Client) error {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		var g errgroup.Group
		g.SetLimit(8)
		for _, r := range fetches.Records() {
			started := g.TryGo(func() error { return process(ctx, r) })
			if !started {
				if err := process(ctx, r); err != nil {
					return err
				}
			}
		}
		if err := g.Wait(); err != nil {
			return err
		}
		cl.MarkCommitRecords(fetches.Records()...) // ok: marked after the group is done
	}
	return ctx.Err()
}
