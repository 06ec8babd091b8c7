package fallbacks

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

// enricher takes the group's context: the first failure cancels the
// records after it.
type enricher interface {
	Enrich(ctx context.Context, r *kgo.Record) error
}

type pipeline struct {
	cl       *kgo.Client
	e        enricher
	parallel int
}

// process enriches a poll's records in a group limited by a field and
// marks each when done (audit 28c/2): run in place, a failure stops the
// records after it, as the cancelled context did (a flag the callback
// returns on), or they would be marked past the failed one.
func (p *pipeline) process(ctx context.Context, fs kgo.Fetches) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(p.parallel)
	fs.EachRecord(func(r *kgo.Record) {
		g.Go(func() error {
			if err := p.e.Enrich(gctx, r); err != nil {
				return err
			}
			p.cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a per-record errgroup function`
			return nil
		})
	})
	return g.Wait()
}
