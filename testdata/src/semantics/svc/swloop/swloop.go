// Package swloop commits each poll after applying its records with
// swkit's appliers.
package swloop

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/swkit"
)

// Quiet applies with swkit.Quiet.
func Quiet(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swquiet"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swquiet
	if err != nil {
		return err
	}
	q := &swkit.Quiet{Dir: "/tmp"}
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := q.Apply(ctx, r.Key, r.Value); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

// Counted applies with swkit.Counted around swkit.Strict.
func Counted(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swcounted"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swcounted
	if err != nil {
		return err
	}
	c := &swkit.Counted{Next: &swkit.Strict{Dir: "/tmp"}}
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := c.Apply(ctx, r.Key, r.Value); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

// Strict applies with swkit.Strict.
func Strict(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swstrict"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swstrict
	if err != nil {
		return err
	}
	s := &swkit.Strict{Dir: "/tmp"}
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := s.Apply(ctx, r.Key, r.Value); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

// Retried applies with swkit.Strict, retried by swkit.Policy.
func Retried(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swretry"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swretry
	if err != nil {
		return err
	}
	s := &swkit.Strict{Dir: "/tmp"}
	p := swkit.Policy{Attempts: 3}
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := p.Do(ctx, func() error { return s.Apply(ctx, r.Key, r.Value) }); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}
