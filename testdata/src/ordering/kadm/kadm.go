// Package kadm holds ordering cases for franz-go's admin client: a
// consumer that assigns its partitions itself (no group in the client)
// keeps the group's offsets with kadm CommitAllOffsets (CommitOffsets
// takes the same arguments).
package kadm

import (
	"context"
	"encoding/json"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

type event struct {
	ID    string `json:"id"`
	Total int64  `json:"total"`
}

type store interface {
	Save(ctx context.Context, e event) error
}

func save(ctx context.Context, s store, r *kgo.Record) error {
	var e event
	if err := json.Unmarshal(r.Value, &e); err != nil {
		return err
	}
	return s.Save(ctx, e)
}

// checkpointFirst commits each poll's offsets before saving its records.
func checkpointFirst(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) error {
	for {
		fs := cl.PollFetches(ctx)
		if err := fs.Err(); err != nil {
			return err
		}
		if err := adm.CommitAllOffsets(ctx, "billing", kadm.OffsetsFromFetches(fs)); err != nil { // want `call to CommitAllOffsets before the record is processed: a crash between them loses the record \(at-most-once\)`
			return err
		}
		for _, r := range fs.Records() {
			if err := save(ctx, s, r); err != nil {
				return err
			}
		}
	}
}

// checkpointAfter is checkpointFirst's twin.
func checkpointAfter(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) error {
	for {
		fs := cl.PollFetches(ctx)
		if err := fs.Err(); err != nil {
			return err
		}
		for _, r := range fs.Records() {
			if err := save(ctx, s, r); err != nil {
				return err
			}
		}
		if err := adm.CommitAllOffsets(ctx, "billing", kadm.OffsetsFromFetches(fs)); err != nil { // ok: after the records are saved
			return err
		}
	}
}

// recordFirst commits one record's offset, added to an Offsets map,
// before saving it.
func recordFirst(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			offs := kadm.Offsets{}
			offs.Add(kadm.NewOffsetFromRecord(r))
			if err := adm.CommitAllOffsets(ctx, "billing", offs); err != nil { // want `call to CommitAllOffsets before the record is processed: a crash between them loses the record \(at-most-once\)`
				return err
			}
			if err := save(ctx, s, r); err != nil {
				return err
			}
		}
	}
}

// recordAfter is recordFirst's twin.
func recordAfter(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := save(ctx, s, r); err != nil {
				return err
			}
			offs := kadm.Offsets{}
			offs.Add(kadm.NewOffsetFromRecord(r))
			if err := adm.CommitAllOffsets(ctx, "billing", offs); err != nil { // ok: after the record is saved
				return err
			}
		}
	}
}
