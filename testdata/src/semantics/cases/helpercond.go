package cases

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// FranzConfig is a library's consumer configuration; its options helper
// joins the group only when one is named (oddbit-project/blueprint).
type FranzConfig struct {
	Brokers []string
	Group   string
}

func (c *FranzConfig) opts() []kgo.Opt {
	opts := []kgo.Opt{kgo.SeedBrokers(c.Brokers...), kgo.ConsumeTopics("t")}
	if c.Group != "" {
		opts = append(opts, kgo.ConsumerGroup(c.Group))
	}
	return opts
}

// fixedOpts is its twin: the group is always joined.
func (c *FranzConfig) fixedOpts() []kgo.Opt {
	return []kgo.Opt{kgo.SeedBrokers(c.Brokers...), kgo.ConsumeTopics("t"), kgo.ConsumerGroup(c.Group)}
}

func pollApply(ctx context.Context, cl *kgo.Client) {
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				panic(err)
			}
		})
	}
}

func runHelperCond(ctx context.Context, cfg *FranzConfig) error {
	cl, err := kgo.NewClient(cfg.opts()...) // case: helpercond
	if err != nil {
		return err
	}
	pollApply(ctx, cl)
	return nil
}

func runHelperFixed(ctx context.Context, cfg *FranzConfig) error {
	cl, err := kgo.NewClient(cfg.fixedOpts()...) // case: helperfixed
	if err != nil {
		return err
	}
	pollApply(ctx, cl)
	return nil
}

var _, _ = runHelperCond, runHelperFixed
