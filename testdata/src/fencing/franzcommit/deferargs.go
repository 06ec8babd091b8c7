package franzcommit

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// deferredCancelled commits at shutdown with the caller's context, which
// the function replaces after the defer by one it cancels on return (the
// deferred cancel runs first): the final commit's error is dropped
// (fixed with a deferred closure that is given the caller's context).
func deferredCancelled(ctx context.Context, cl *kgo.Client) error {
	defer cl.CommitUncommittedOffsets(ctx) // want `the error of CommitUncommittedOffsets is discarded`
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
	}
}

// deferredBackground commits at shutdown with a context of its own and
// drops the error.
func deferredBackground(ctx context.Context, cl *kgo.Client) error {
	defer cl.CommitUncommittedOffsets(context.Background()) // want `the error of CommitUncommittedOffsets is discarded`
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
	}
}
