// Package rvkloop applies each poll's records and commits them; a
// shutdown returns in the middle of a poll.
package rvkloop

import (
	"context"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Run applies each poll, leaving it half done when ctx ends.
func Run(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		for _, r := range fs.Records() {
			if ctx.Err() != nil {
				return nil
			}
			if err := os.WriteFile(string(r.Key), r.Value, 0o644); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// RunBlocked is Run allowing the held-back rebalance after each poll.
func RunBlocked(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		for _, r := range fs.Records() {
			if err := os.WriteFile(string(r.Key), r.Value, 0o644); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		cl.AllowRebalance()
	}
}
