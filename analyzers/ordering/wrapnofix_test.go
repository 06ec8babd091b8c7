package ordering_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/ordering"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// wrapNoFixSrc holds a producer wrapper making franz-go's TryProduce,
// the produce a promise may make: a commit after its call is reported,
// without a fix (ProduceSync in the shared wrapper would deadlock a
// caller emitting from a promise; review 30-1), saying why; and a
// publisher sending on sarama's AsyncProducer Input(), a mark after its
// call (audit 30d/2: silent, the row said at-least-once), reported
// without a fix.
const wrapNoFixSrc = `package wrapnofix

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"
)

type emitter struct {
	cl    *kgo.Client
	topic string
}

func (e *emitter) emit(ctx context.Context, value []byte) {
	e.cl.TryProduce(ctx, &kgo.Record{Topic: e.topic, Value: value}, nil)
}

func relay(ctx context.Context, cl *kgo.Client, e *emitter) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			e.emit(ctx, r.Value)
			if err := cl.CommitRecords(ctx, r); err != nil { // want "call to CommitRecords after the record is produced asynchronously by wrapnofix.emitter.emit \\(its TryProduce is not waited for\\): .*; no automatic fix: TryProduce is the produce made from the client's callbacks"
				return err
			}
		}
	}
}

// Publisher queues on sarama's AsyncProducer and returns.
type Publisher struct{ p sarama.AsyncProducer }

func (a *Publisher) Publish(topic string, value []byte) { // want Publish:"producesAsync\\[0 1\\]\\(Input\\)"
	a.p.Input() <- &sarama.ProducerMessage{Topic: topic, Value: sarama.ByteEncoder(value)}
}

type fanout struct{ pub *Publisher }

func (fanout) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (fanout) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (f fanout) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		f.pub.Publish("copy", msg.Value)
		sess.MarkMessage(msg, "") // want "call to MarkMessage after the message is produced asynchronously by wrapnofix.Publisher.Publish \\(its Input is not waited for\\): .*; no automatic fix: the message is sent on Input\\(\\) in a wrapper"
	}
	return nil
}
`

// TestWrapNoFix runs wrapNoFixSrc: two findings, without a fix, saying
// why.
func TestWrapNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, ordering.Analyzer, "ordering/franzgo", "wrapnofix", wrapNoFixSrc) {
		if len(r.Diagnostics) != 2 {
			t.Errorf("%d findings, want 2", len(r.Diagnostics))
		}
	}
}
