// Package fwrap wraps a franz-go client for the rest of the service: Run
// hands each poll to a channel, and Commit commits the one record its
// caller passes (franz-go's variadic CommitRecords given it alone): the
// callers, in another package, decide what is processed before it.
package fwrap

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Input is the wrapper the service uses.
type Input struct {
	cl  *kgo.Client
	out chan kgo.Fetches
}

// New builds the wrapped client, auto-commit off.
func New(out chan kgo.Fetches) (*Input, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-fwrap"), kgo.ConsumeTopics("t-fwrap"), kgo.DisableAutoCommit()) // case: fwrap
	return &Input{cl: cl, out: out}, err
}

// Run hands every poll to the channel.
func (in *Input) Run(ctx context.Context) {
	for ctx.Err() == nil {
		in.out <- in.cl.PollFetches(ctx)
	}
}

// Commit commits the record its caller passes.
func (in *Input) Commit(ctx context.Context, r *kgo.Record) error {
	return in.cl.CommitRecords(ctx, r)
}
