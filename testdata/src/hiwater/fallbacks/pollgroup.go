package fallbacks

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

// run makes a group per poll, commits each record from its function, and
// only logs the group's error before polling again (audit 36c/D1): run in
// place, the records after a failed one are processed as before, not
// skipped, or the next poll's commits would pass them unprocessed.
func (p *pipeline) run(ctx context.Context) {
	for {
		fs := p.cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return
		}
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(p.parallel)
		fs.EachRecord(func(r *kgo.Record) {
			g.Go(func() error {
				if err := p.e.Enrich(gctx, r); err != nil {
					log.Printf("enrich: %v", err)
				}
				return p.cl.CommitRecords(gctx, r) // want `call to CommitRecords from a per-record errgroup function`
			})
		})
		if err := g.Wait(); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// runAssigned is run with Wait's error assigned, then checked and only
// logged (review 36-1/D8): no stop either.
func (p *pipeline) runAssigned(ctx context.Context) {
	for {
		fs := p.cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return
		}
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(p.parallel)
		fs.EachRecord(func(r *kgo.Record) {
			g.Go(func() error {
				if err := p.e.Enrich(gctx, r); err != nil {
					log.Printf("enrich: %v", err)
				}
				return p.cl.CommitRecords(gctx, r) // want `call to CommitRecords from a per-record errgroup function`
			})
		})
		err := g.Wait()
		if err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// handle makes a group per call and returns its Wait's error; runHelper
// calls it per poll and only logs that error (review 36-1/D8): no stop.
func (p *pipeline) handle(ctx context.Context, fs kgo.Fetches) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(p.parallel)
	fs.EachRecord(func(r *kgo.Record) {
		g.Go(func() error {
			if err := p.e.Enrich(gctx, r); err != nil {
				log.Printf("enrich: %v", err)
			}
			return p.cl.CommitRecords(gctx, r) // want `call to CommitRecords from a per-record errgroup function`
		})
	})
	return g.Wait()
}

func (p *pipeline) runHelper(ctx context.Context) {
	for ctx.Err() == nil {
		if err := p.handle(ctx, p.cl.PollFetches(ctx)); err != nil {
			log.Printf("poll: %v", err)
		}
	}
}

// runTested tests Wait's error in the if's condition and only logs it
// (review 36-2/D7): no stop.
func (p *pipeline) runTested(ctx context.Context) {
	for ctx.Err() == nil {
		fs := p.cl.PollFetches(ctx)
		g, gctx := errgroup.WithContext(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			g.Go(func() error {
				if err := p.e.Enrich(gctx, r); err != nil {
					log.Printf("enrich: %v", err)
				}
				return p.cl.CommitRecords(gctx, r) // want `call to CommitRecords from a per-record errgroup function`
			})
		})
		if g.Wait() != nil {
			log.Printf("commit failed")
		}
	}
}
