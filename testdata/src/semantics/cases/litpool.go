package cases

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

// pollOnce polls once and returns the records to its caller's loop.
func pollOnce(ctx context.Context, cl *kgo.Client) ([]*kgo.Record, bool) {
	fs := cl.PollFetches(ctx)
	if fs.IsClientClosed() {
		return nil, false
	}
	return fs.Records(), true
}

// LitPool starts a pool of workers, then polls in an errgroup literal
// and sends each record to them: the pool is waited for at shutdown
// only, so the default auto-commit makes records the workers still
// hold committable at the next poll.
func LitPool(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-litpool"), kgo.ConsumeTopics("t-litpool")) // case: litpool
	if err != nil {
		return err
	}
	queue := make(chan *kgo.Record, 64)
	g, gctx := errgroup.WithContext(ctx)
	for i := 0; i < 2; i++ {
		g.Go(func() error {
			for r := range queue {
				apply(r.Value)
			}
			return nil
		})
	}
	g.Go(func() error {
		defer close(queue)
		for {
			recs, ok := pollOnce(gctx, cl)
			if !ok {
				return nil
			}
			for _, r := range recs {
				queue <- r
			}
		}
	})
	return g.Wait()
}
