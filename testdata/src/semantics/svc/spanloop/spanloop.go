// Package spanloop writes and marks each message in a function literal it
// gives package spanobs: run in place by Span, in a goroutine by Later.
package spanloop

import (
	"context"
	"os"

	"github.com/IBM/sarama"

	"semantics/svc/spanobs"
)

type spanned struct{}

func (spanned) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (spanned) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (spanned) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		err := spanobs.Span(sess.Context(), "order", func(ctx context.Context) error {
			if err := os.WriteFile("orders", msg.Value, 0o644); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

type later struct{}

func (later) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (later) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (later) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		spanobs.Later(sess.Context(), "order", func(ctx context.Context) error {
			if err := os.WriteFile("orders", msg.Value, 0o644); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
			return nil
		})
	}
	return nil
}

// Run consumes until ctx is done, marking in a literal run in place.
func Run(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-span", sarama.NewConfig()) // case: spanin
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t-span"}, spanned{})
}

// RunLater consumes until ctx is done, marking in a literal run later.
func RunLater(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-later", sarama.NewConfig()) // case: spanlater
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t-later"}, later{})
}

type keyed struct{}

func (keyed) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (keyed) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim names the span by the message's key: a function given the
// record's data decides the order of its work and the literal's.
func (keyed) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		err := spanobs.Span(sess.Context(), string(msg.Key), func(ctx context.Context) error {
			if err := os.WriteFile("orders", msg.Value, 0o644); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

type timed struct{}

func (timed) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (timed) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim's literal fails before its mark, Timed only logs it, and
// the next message's mark passes this one.
func (timed) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		spanobs.Timed(sess.Context(), "order", func(ctx context.Context) error {
			if err := os.WriteFile("orders", msg.Value, 0o644); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
			return nil
		})
	}
	return nil
}

// RunKeyed consumes until ctx is done, naming spans by key.
func RunKeyed(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-keyed", sarama.NewConfig()) // case: spankey
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t-keyed"}, keyed{})
}

// RunTimed consumes until ctx is done, timing each message.
func RunTimed(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-timed", sarama.NewConfig()) // case: spantimed
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t-timed"}, timed{})
}
