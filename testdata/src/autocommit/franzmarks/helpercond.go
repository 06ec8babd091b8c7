package franzmarks

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// MarksConfig is a library's configuration: its options helper adds
// kgo.AutoCommitMarks() when the caller asks for marks
// (oddbit-project/blueprint's buildOpts).
type MarksConfig struct {
	Group string
	Marks bool
}

func (c *MarksConfig) opts() []kgo.Opt {
	opts := []kgo.Opt{kgo.ConsumerGroup(c.Group), kgo.ConsumeTopics("t")}
	if c.Marks {
		opts = append(opts, kgo.AutoCommitMarks())
	}
	return opts
}

// marksWhenAsked marks after processing on a client whose options may
// hold AutoCommitMarks: the marks are not known to be no-ops.
func marksWhenAsked(ctx context.Context, cfg *MarksConfig) error {
	cl, err := kgo.NewClient(cfg.opts()...)
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err == nil {
				cl.MarkCommitRecords(r)
			}
		})
	}
	return nil
}
