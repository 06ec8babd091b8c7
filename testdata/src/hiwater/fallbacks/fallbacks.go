// Package fallbacks holds hiwater cases once left silent for want of a
// fix (issue #13 item 4): errgroup functions started with TryGo.
package fallbacks

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

func process(ctx context.Context, r *kgo.Record) error { return nil }

// tryEach starts a group function per record when the group has room and
// processes the record itself otherwise; each marks its record.
func tryEach(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(8)
		for _, r := range fetches.Records() {
			if !g.TryGo(func() error {
				if err := process(gctx, r); err != nil {
					return err
				}
				cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from a per-record errgroup function`
				return nil
			}) {
				log.Printf("busy: record %d waits for the next poll", r.Offset)
			}
		}
		if err := g.Wait(); err != nil {
			log.Printf("batch: %v", err)
		}
	}
}

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return nil
}

func handle(m *sarama.ConsumerMessage) error { return nil }

// tryStream starts a group function per message of a claim, dropping the
// message when the group is full.
func tryStream(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, g *errgroup.Group) {
	for msg := range claim.Messages() {
		g.TryGo(func() error {
			if err := handle(msg); err != nil {
				return err
			}
			sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record errgroup function`
			return nil
		})
	}
}

// tryInPlace is the twin: the work runs in place, only failures are
// handed to the group.
func tryInPlace(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, g *errgroup.Group) {
	for msg := range claim.Messages() {
		if err := handle(msg); err != nil {
			g.TryGo(func() error { return err })
			continue
		}
		sess.MarkMessage(msg, "") // ok: marked in place, in order
	}
}
