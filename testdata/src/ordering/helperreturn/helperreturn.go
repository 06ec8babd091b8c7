// Package helperreturn holds a helper that polls, commits everything
// polled and returns the decoded records to its caller, which processes
// them after the commit.
package helperreturn

import (
	"context"
	"encoding/json"

	"github.com/twmb/franz-go/pkg/kgo"
)

type offer struct{ ID string }

type store interface {
	Save(ctx context.Context, offers []offer) error
}

type offersView struct {
	cl *kgo.Client
	db store
}

func newView(db store) (*offersView, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("offers-view"), kgo.ConsumeTopics("offers"), kgo.DisableAutoCommit())
	if err != nil {
		return nil, err
	}
	return &offersView{cl: cl, db: db}, nil
}

// getOffers decodes the poll, commits it and returns the offers: run
// saves them after the commit, so a crash in between loses the batch.
func (v *offersView) getOffers(ctx context.Context) ([]offer, error) {
	fetches := v.cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return nil, err
	}
	var out []offer
	fetches.EachRecord(func(r *kgo.Record) {
		var o offer
		if json.Unmarshal(r.Value, &o) == nil {
			out = append(out, o)
		}
	})
	if err := v.cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets before the polled records are processed: it commits everything polled, this batch included, so a crash between them loses the batch \(at-most-once\)`
		return nil, err
	}
	return out, nil
}

func (v *offersView) run(ctx context.Context) error {
	for {
		offers, err := v.getOffers(ctx)
		if err != nil {
			return err
		}
		if err := v.db.Save(ctx, offers); err != nil {
			return err
		}
	}
}

// fetchOffers is getOffers' twin: it only decodes, and its caller
// commits after saving.
func (v *offersView) fetchOffers(ctx context.Context) ([]offer, error) {
	fetches := v.cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return nil, err
	}
	var out []offer
	fetches.EachRecord(func(r *kgo.Record) {
		var o offer
		if json.Unmarshal(r.Value, &o) == nil {
			out = append(out, o)
		}
	})
	return out, nil
}

func (v *offersView) runAfter(ctx context.Context) error {
	for {
		offers, err := v.fetchOffers(ctx)
		if err != nil {
			return err
		}
		if err := v.db.Save(ctx, offers); err != nil {
			return err
		}
		if err := v.cl.CommitUncommittedOffsets(ctx); err != nil { // ok: after the caller saves the offers
			return err
		}
	}
}

// saveOffers is a helper that saves what it polled, commits and returns
// the offers for a count: the records are processed before the commit.
func (v *offersView) saveOffers(ctx context.Context) ([]offer, error) {
	fetches := v.cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return nil, err
	}
	var out []offer
	fetches.EachRecord(func(r *kgo.Record) {
		var o offer
		if json.Unmarshal(r.Value, &o) == nil {
			out = append(out, o)
		}
	})
	if err := v.db.Save(ctx, out); err != nil {
		return nil, err
	}
	if err := v.cl.CommitUncommittedOffsets(ctx); err != nil { // ok: saved before the commit
		return nil, err
	}
	return out, nil
}

func (v *offersView) runSaved(ctx context.Context, seen func(n int)) error {
	for {
		offers, err := v.saveOffers(ctx)
		if err != nil {
			return err
		}
		seen(len(offers))
	}
}
