package autocommit_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// produceNoFixSrc produces each polled record's copy from a helper whose
// delivery callback is a parameter its caller passes as nil: franz-go
// accepts a nil promise, a call of the callback with ProduceSync's result
// would panic, and the helper's producer cannot be named where the loop
// polls, so the finding has no fix and says why (the fix called the nil
// callback before).
const produceNoFixSrc = `package producenofix

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

type relay struct{ consumer, producer *kgo.Client }

func (s *relay) forward(ctx context.Context, r *kgo.Record, done func(*kgo.Record, error)) {
	s.producer.Produce(ctx, &kgo.Record{Topic: "copy", Value: r.Value}, done) // want "record produced asynchronously while the loop polls again: .*; no automatic fix: the producer cannot be named where the loop polls, and the produce cannot be made synchronous in place"
}

func (s *relay) run(ctx context.Context) {
	for {
		fetches := s.consumer.PollFetches(ctx)
		for _, r := range fetches.Records() {
			s.forward(ctx, r, nil)
		}
	}
}

func Run(ctx context.Context) {
	c, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	p, _ := kgo.NewClient()
	(&relay{consumer: c, producer: p}).run(ctx)
}
`

// TestProduceNoFix runs produceNoFixSrc: one finding, without a fix,
// saying why.
func TestProduceNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, autocommit.Analyzer, "autocommit/franzproduce", "producenofix", produceNoFixSrc) {
		if len(r.Diagnostics) != 1 {
			t.Errorf("%d findings, want 1", len(r.Diagnostics))
		}
	}
}
