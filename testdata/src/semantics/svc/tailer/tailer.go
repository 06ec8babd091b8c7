// Package tailer reads the partitions of a franz-go client it is given
// (no group in the client) and keeps the group's offsets with an admin
// client wrapped around it, committing each poll after processing it.
package tailer

import (
	"context"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/kutil"
)

type sink interface {
	Write(ctx context.Context, v []byte) error
}

type Tailer struct {
	cl  *kgo.Client
	adm *kadm.Client
	out sink
}

func New(cl *kgo.Client, out sink) *Tailer {
	return &Tailer{cl: cl, adm: kadm.NewClient(cl), out: out}
}

func (t *Tailer) Run(ctx context.Context) error {
	for {
		fs := t.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := t.out.Write(ctx, r.Value); err != nil {
				return err
			}
		}
		if err := t.adm.CommitAllOffsets(ctx, "g-tailer", kadm.OffsetsFromFetches(fs)); err != nil {
			return err
		}
	}
}

// Follow builds its client with kutil's constructor and keeps the group's
// offsets the same way.
func Follow(ctx context.Context, out sink) error {
	cl, err := kutil.NewDirect()
	if err != nil {
		return err
	}
	adm := kadm.NewClient(cl)
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := out.Write(ctx, r.Value); err != nil {
				return err
			}
		}
		if err := adm.CommitAllOffsets(ctx, "g-kutil", kadm.OffsetsFromFetches(fs)); err != nil {
			return err
		}
	}
}
