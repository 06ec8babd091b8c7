// Package swloop commits each poll after applying its records with
// swkit's appliers.
package swloop

import (
	"context"
	"errors"
	"log"

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

// Tolerant applies with swkit.Strict through swkit.Breaker.
func Tolerant(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swbreaker"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swbreaker
	if err != nil {
		return err
	}
	s := &swkit.Strict{Dir: "/tmp"}
	b := &swkit.Breaker{Threshold: 5}
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := b.Do(func() error { return s.Apply(ctx, r.Key, r.Value) }); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

// Tripped applies with swkit.Strict through swkit.Tripping.
func Tripped(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swtrip"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swtrip
	if err != nil {
		return err
	}
	s := &swkit.Strict{Dir: "/tmp"}
	b := &swkit.Tripping{Threshold: 5}
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := b.Do(func() error { return s.Apply(ctx, r.Key, r.Value) }); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

// chained keeps its handler, built from swkit's middlewares, in a field.
type chained struct {
	cl     *kgo.Client
	handle swkit.Handler[*kgo.Record]
}

func (c *chained) save(ctx context.Context, r *kgo.Record) error {
	return (&swkit.Strict{Dir: "/tmp"}).Apply(ctx, r.Key, r.Value)
}

func (c *chained) run(ctx context.Context) error {
	for {
		fs := c.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := c.handle(ctx, r); err != nil {
				return err
			}
		}
		if err := c.cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

// Chained retries through swkit.Retry, which gives up quietly.
func Chained(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swchain"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swchain
	if err != nil {
		return err
	}
	c := &chained{cl: cl}
	c.handle = swkit.Chain(c.save, swkit.Logged[*kgo.Record](), swkit.Retry[*kgo.Record](3))
	return c.run(ctx)
}

// loggedOnly keeps a handler that only logs and returns the failure.
type loggedOnly struct {
	cl     *kgo.Client
	handle swkit.Handler[*kgo.Record]
}

func (c *loggedOnly) save(ctx context.Context, r *kgo.Record) error {
	return (&swkit.Strict{Dir: "/tmp"}).Apply(ctx, r.Key, r.Value)
}

func (c *loggedOnly) run(ctx context.Context) error {
	for {
		fs := c.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := c.handle(ctx, r); err != nil {
				return err
			}
		}
		if err := c.cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

// ChainLogged only logs through swkit.Logged.
func ChainLogged(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swchainlog"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swchainlog
	if err != nil {
		return err
	}
	c := &loggedOnly{cl: cl}
	c.handle = swkit.Chain(c.save, swkit.Logged[*kgo.Record]())
	return c.run(ctx)
}

// Tallied applies with swkit.Tally and only logs its count.
func Tallied(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swtally"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swtally
	if err != nil {
		return err
	}
	t := &swkit.Tally{}
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := t.Apply(ctx, r.Key, r.Value); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
		log.Printf("%d failed so far", t.Failed)
	}
}

// TallyChecked stops when swkit.Tally counted a failure in the poll.
func TallyChecked(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-swtallychecked"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swtallychecked
	if err != nil {
		return err
	}
	t := &swkit.Tally{}
	for {
		fs := cl.PollFetches(ctx)
		before := t.Failed
		for _, r := range fs.Records() {
			if err := t.Apply(ctx, r.Key, r.Value); err != nil {
				return err
			}
		}
		if t.Failed > before {
			return errors.New("a record failed")
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}
