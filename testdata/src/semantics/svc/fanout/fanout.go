// Package fanout hands each polled record to a goroutine and polls again:
// under the default auto-commit, records may be committed before they are
// processed.
package fanout

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

func apply(*kgo.Record) error { return nil }

func Run(ctx context.Context, cl *kgo.Client) {
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go func() { _ = apply(r) }()
		})
	}
}
