// Package sharedctor: two franz-go consumers built through one constructor
// helper of the package. ledger passes DisableAutoCommit and commits after
// each applied poll; clicks keeps the default auto-commit and hands each
// record to a goroutine while it polls again. The option one caller passes
// is not the other's: clicks' records outlive their poll.
package sharedctor

import (
	"context"
	"io"

	"github.com/twmb/franz-go/pkg/kgo"
)

func newClient(opts ...kgo.Opt) (*kgo.Client, error) {
	return kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers("localhost:9092")}, opts...)...)
}

func ledger(ctx context.Context, out io.Writer) error {
	cl, err := newClient(kgo.ConsumerGroup("ledger"), kgo.ConsumeTopics("payments"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		var werr error
		fetches.EachRecord(func(r *kgo.Record) {
			if werr == nil {
				_, werr = out.Write(r.Value)
			}
		})
		if werr != nil {
			return werr
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func clicks(ctx context.Context, out io.Writer) error {
	cl, err := newClient(kgo.ConsumerGroup("clicks"), kgo.ConsumeTopics("clicks"))
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			go out.Write(r.Value) // want `record handed to a goroutine while the loop polls again`
		})
	}
}

func Run(ctx context.Context, out io.Writer) error {
	go clicks(ctx, out)
	return ledger(ctx, out)
}
