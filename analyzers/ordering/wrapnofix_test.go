package ordering_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/ordering"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// wrapNoFixSrc holds a producer wrapper making franz-go's TryProduce,
// the produce a promise may make: a commit after its call is reported,
// without a fix (ProduceSync in the shared wrapper would deadlock a
// caller emitting from a promise; review 30-1), saying why.
const wrapNoFixSrc = `package wrapnofix

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

type emitter struct {
	cl    *kgo.Client
	topic string
}

func (e *emitter) emit(ctx context.Context, value []byte) {
	e.cl.TryProduce(ctx, &kgo.Record{Topic: e.topic, Value: value}, nil)
}

func relay(ctx context.Context, cl *kgo.Client, e *emitter) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			e.emit(ctx, r.Value)
			if err := cl.CommitRecords(ctx, r); err != nil { // want "call to CommitRecords after the record is produced asynchronously by wrapnofix.emitter.emit \\(its TryProduce is not waited for\\): .*; no automatic fix: TryProduce is the produce made from the client's callbacks"
				return err
			}
		}
	}
}
`

// TestWrapNoFix runs wrapNoFixSrc: one finding, without a fix, saying
// why.
func TestWrapNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, ordering.Analyzer, "ordering/franzgo", "wrapnofix", wrapNoFixSrc) {
		if len(r.Diagnostics) != 1 {
			t.Errorf("%d findings, want 1", len(r.Diagnostics))
		}
	}
}
