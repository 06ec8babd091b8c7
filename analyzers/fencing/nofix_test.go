package fencing_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/fencing"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// swallowNoFixSrc holds a transactional relay whose CommitTransaction
// error is discarded in a function returning a count and a flag: the fix
// has no error to hand it on with. Reported all the same, without a fix,
// saying why (#13: once dropped); its twin returning an error is fixed.
const swallowNoFixSrc = `package swallownofix

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func send(ctx context.Context, c *kafka.Consumer, p *kafka.Producer, m *kafka.Message) error {
	if err := p.BeginTransaction(); err != nil {
		return err
	}
	if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: m.TopicPartition.Topic}, Value: m.Value}, nil); err != nil {
		return err
	}
	md, err := c.GetConsumerGroupMetadata()
	if err != nil {
		return err
	}
	tp := m.TopicPartition
	tp.Offset++
	return p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{tp}, md)
}

func relay(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) (n int, ok bool) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			return n, false
		}
		p.CommitTransaction(ctx) // want "the error of CommitTransaction is discarded while the loop carries on: .*; no automatic fix: the error cannot be handed on from here"
		n++
	}
	return n, true
}
`

// TestSwallowNoFix runs swallowNoFixSrc: one finding, without a fix,
// saying why.
func TestSwallowNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, fencing.Analyzer, "fencing/confluenttxn", "swallownofix", swallowNoFixSrc)
}
