// Package helpers holds acknowledgement helpers used by ordering/helperuser:
// the analyzer summarises a function that marks or commits the record it is
// given as a commitsParam fact.
package helpers

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Ack marks msg on the session.
func Ack(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) { // want Ack:`commitsParam\(1, MarkMessage\)` Ack:`doesNotProcess\[1\]`
	sess.MarkMessage(msg, "")
}

// Commit commits the records synchronously, wrapping the error.
func Commit(ctx context.Context, cl *kgo.Client, rs ...*kgo.Record) error { // want Commit:`commitsParam\(2, CommitRecords\)` Commit:`doesNotProcess\[2\]`
	if err := cl.CommitRecords(ctx, rs...); err != nil {
		return err
	}
	return nil
}

// Acker acknowledges through a method.
type Acker struct {
	Sess sarama.ConsumerGroupSession
}

// Done marks msg.
func (a *Acker) Done(msg *sarama.ConsumerMessage) { // want Done:`commitsParam\(0, MarkMessage\)` Done:`doesNotProcess\[0\]`
	a.Sess.MarkMessage(msg, "")
}

// MaybeAck marks msg only when asked to: a mark on some paths is no
// summary.
func MaybeAck(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage, ack bool) { // want MaybeAck:`doesNotProcess\[1\]`
	if ack {
		sess.MarkMessage(msg, "")
	}
}

// Saver stores message values.
type Saver interface {
	Save(ctx context.Context, key, value []byte) error
}

// Store processes msg: no fact, so a call of it is processing.
func Store(ctx context.Context, s Saver, msg *sarama.ConsumerMessage) error {
	return s.Save(ctx, msg.Key, msg.Value)
}

// CommitUpTo commits the partition up to the record at offset off,
// given its fields, not the record: its commitsParam is the offset.
func CommitUpTo(ctx context.Context, cl *kgo.Client, topic string, part int32, off int64) error { // want CommitUpTo:`commitsParam\(4, CommitRecords\)`
	return cl.CommitRecords(ctx, &kgo.Record{Topic: topic, Partition: part, Offset: off, LeaderEpoch: -1})
}

// CommitBefore commits the partition up to, not including, the record at
// off: not that record's position, so no summary.
func CommitBefore(ctx context.Context, cl *kgo.Client, topic string, part int32, off int64) error {
	return cl.CommitRecords(ctx, &kgo.Record{Topic: topic, Partition: part, Offset: off - 1, LeaderEpoch: -1})
}
