package cases

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A client's commit kept in a field as a method value and called through
// it after the poll's processing (hunt 46f/D7: the row said nothing
// commits): a commit after each batch.
type lateFieldCommitter struct {
	cl         *kgo.Client
	checkpoint func(context.Context) error
}

func newLateFieldCommitter(cl *kgo.Client) *lateFieldCommitter {
	return &lateFieldCommitter{cl: cl, checkpoint: cl.CommitUncommittedOffsets}
}

func (s *lateFieldCommitter) runLate(ctx context.Context) error {
	for {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				return err
			}
		}
		if err := s.checkpoint(ctx); err != nil {
			return err
		}
	}
}

func runCommitFieldLate(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-commit-field-late"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: commitfieldlate
	_ = newLateFieldCommitter(cl).runLate(ctx)
}
