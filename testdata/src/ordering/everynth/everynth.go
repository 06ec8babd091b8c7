// Package everynth holds ordering cases where a consumer commits every
// Nth record: the commit that runs before its record is processed loses
// that record on a crash, though it does not run for every record.
package everynth

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

// relay commits every hundredth message before saving it.
func relay(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	n := 0
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		n++
		if n%100 == 0 {
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed: a crash between them loses the message \(at-most-once\)`
				return err
			}
		}
		if err := save(ctx, m); err != nil {
			return err
		}
	}
}

// relayAfter is relay's twin: every hundredth message is committed once
// saved, with the ones before it.
func relayAfter(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	n := 0
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, m); err != nil {
			return err
		}
		n++
		if n%100 == 0 {
			if err := r.CommitMessages(ctx, m); err != nil { // ok: after the save
				return err
			}
		}
	}
}

// projector marks first only when the operator asked for at-most-once:
// a flag, not a counter.
type projector struct {
	autoAck bool
	apply   func(context.Context, *sarama.ConsumerMessage) error
}

func (projector) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (projector) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (p projector) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if p.autoAck {
			sess.MarkMessage(msg, "") // ok: on one path only, behind a config flag
		}
		if err := p.apply(sess.Context(), msg); err != nil {
			log.Printf("apply %d: %v", msg.Offset, err)
			return err
		}
	}
	return nil
}
