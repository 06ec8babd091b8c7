// Package svc defines sarama handlers its callers run on groups they // want package:`configFindings\(param:\(\*autocommit/handedclaim/svc\.Marker\[T\]\)\.ConsumeClaim#0\[auto-commit=false\]:marks-discarded param:\(\*autocommit/handedclaim/svc\.Counted\)\.ConsumeClaim#0\[auto-commit=false\]:marks-discarded\)`
// build: whether a mark is ever committed is decided by the group's
// auto-commit, set where the group is built.
package svc

import (
	"context"
	"log"

	"github.com/IBM/sarama"

	"autocommit/handedclaim/metrics"
	"autocommit/handedclaim/offsets"
)

// Decoder turns a message's value into a T.
type Decoder[T any] func([]byte) (T, error)

// Marker decodes, applies and marks each message, and never commits.
type Marker[T any] struct {
	Decode Decoder[T]
	Apply  func(context.Context, T) error
}

func (*Marker[T]) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Marker[T]) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim marks each message after applying it.
func (m *Marker[T]) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		v, err := m.Decode(msg.Value)
		if err != nil {
			log.Printf("undecodable message at %d: %v", msg.Offset, err)
			sess.MarkMessage(msg, "")
			continue
		}
		if err := m.Apply(sess.Context(), v); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Committer marks each message after saving it and commits the marks
// when its claim ends.
type Committer struct {
	Save func(context.Context, []byte) error
}

func (*Committer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Committer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim marks after saving; the deferred Commit flushes the marks.
func (c *Committer) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer sess.Commit()
	for msg := range claim.Messages() {
		if err := c.Save(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Flusher marks after saving and has a shared library's helper commit the
// marks when the claim ends.
type Flusher struct {
	Save func(context.Context, []byte) error
}

func (*Flusher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Flusher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim marks after saving; offsets.Flush commits the marks.
func (f *Flusher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer offsets.Flush(sess)
	for msg := range claim.Messages() {
		if err := f.Save(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Counted marks after saving and gives its session to a metrics helper,
// which commits nothing.
type Counted struct {
	Save func(context.Context, []byte) error
}

func (*Counted) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Counted) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim marks after saving, and never commits.
func (c *Counted) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	metrics.ClaimStarted(sess)
	for msg := range claim.Messages() {
		if err := c.Save(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
