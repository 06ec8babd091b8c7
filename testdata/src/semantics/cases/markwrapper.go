package cases

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// MarksConsumer is a library consumer whose timer commits marks only
// (oddbit-project/blueprint): its loop never marks; an exported wrapper
// marks what callers with loops of their own pass.
type MarksConsumer struct{ client *kgo.Client }

func NewMarksConsumer(group string) (*MarksConsumer, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup(group), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks()) // case: markwrapper
	if err != nil {
		return nil, err
	}
	return &MarksConsumer{client: cl}, nil
}

func (c *MarksConsumer) Consume(ctx context.Context) error {
	for ctx.Err() == nil {
		fetches := c.client.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := apply(r); err != nil {
				return err
			}
		}
	}
	return ctx.Err()
}

// Mark marks what the caller passes.
func (c *MarksConsumer) Mark(rs ...*kgo.Record) { c.client.MarkCommitRecords(rs...) }

// MarkingConsumer is its twin: its loop marks each record once handled.
type MarkingConsumer struct{ client *kgo.Client }

func NewMarkingConsumer(group string) (*MarkingConsumer, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup(group), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks()) // case: markingloop
	if err != nil {
		return nil, err
	}
	return &MarkingConsumer{client: cl}, nil
}

func (c *MarkingConsumer) Consume(ctx context.Context) error {
	for ctx.Err() == nil {
		fetches := c.client.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := apply(r); err != nil {
				return err
			}
			c.client.MarkCommitRecords(r)
		}
	}
	return ctx.Err()
}
