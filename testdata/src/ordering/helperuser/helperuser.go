// Package helperuser acknowledges through ordering/helpers: the helpers'
// commitsParam facts make their calls position writes here.
package helperuser

import (
	"context"
	"encoding/json"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"

	"ordering/helpers"
)

type event struct {
	ID string `json:"id"`
}

type sink interface {
	Write(ctx context.Context, ev event) error
}

type handler struct {
	out sink
}

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) apply(ctx context.Context, value []byte) error {
	var ev event
	if err := json.Unmarshal(value, &ev); err != nil {
		return err
	}
	return h.out.Write(ctx, ev)
}

func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	acker := &helpers.Acker{Sess: sess}
	for msg := range claim.Messages() {
		helpers.Ack(sess, msg) // want `call to Ack \(MarkMessage\) before the message is processed: with auto-commit on`
		if err := h.apply(sess.Context(), msg.Value); err != nil {
			return err
		}
		acker.Done(msg)                   // ok: after processing
		helpers.MaybeAck(sess, msg, true) // ok: MaybeAck marks on some paths only
	}
	return nil
}

// twin acknowledges after processing, and through the method first.
type twin struct{ *handler }

func (t twin) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	acker := &helpers.Acker{Sess: sess}
	for msg := range claim.Messages() {
		acker.Done(msg) // want `call to Done \(MarkMessage\) before the message is processed`
		if err := t.apply(sess.Context(), msg.Value); err != nil {
			return err
		}
		helpers.Ack(sess, msg) // ok: after processing
	}
	return nil
}

// stored processes through another package's function.
type stored struct {
	s helpers.Saver
}

func (st stored) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (st stored) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (st stored) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
		if err := helpers.Store(sess.Context(), st.s, msg); err != nil {
			return err
		}
	}
	return nil
}

func runSarama(ctx context.Context, out sink) error {
	group, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g", sarama.NewConfig())
	if err != nil {
		return err
	}
	h := &handler{out: out}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"a"}, h); err != nil {
			return err
		}
		if err := group.Consume(ctx, []string{"b"}, twin{h}); err != nil {
			return err
		}
		if err := group.Consume(ctx, []string{"c"}, stored{}); err != nil {
			return err
		}
	}
	return nil
}

// runFranz commits the batch through helpers.Commit before processing it.
func runFranz(ctx context.Context, out sink) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	h := &handler{out: out}
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		records := fetches.Records()
		if err := helpers.Commit(ctx, cl, records...); err != nil { // want `call to Commit \(CommitRecords\) before the records are processed: a crash between them loses the record`
			return err
		}
		for _, r := range records {
			if err := h.apply(ctx, r.Value); err != nil {
				return err
			}
		}
	}
}

// runFranzAfter is runFranz's twin.
func runFranzAfter(ctx context.Context, cl *kgo.Client, out sink) error {
	h := &handler{out: out}
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		records := fetches.Records()
		for _, r := range records {
			if err := h.apply(ctx, r.Value); err != nil {
				return err
			}
		}
		if err := helpers.Commit(ctx, cl, records...); err != nil { // ok: after processing
			return err
		}
	}
}

// runFranzUpTo commits each record through helpers.CommitUpTo, given the
// record's fields, before processing it; its twin after.
func runFranzUpTo(ctx context.Context, cl *kgo.Client, out sink) error {
	h := &handler{out: out}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			if err := helpers.CommitUpTo(ctx, cl, r.Topic, r.Partition, r.Offset); err != nil { // want `call to CommitUpTo \(CommitRecords\) before the record is processed: a crash between them loses the record`
				return err
			}
			if err := h.apply(ctx, r.Value); err != nil {
				return err
			}
		}
	}
}

func runFranzUpToAfter(ctx context.Context, cl *kgo.Client, out sink) error {
	h := &handler{out: out}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			if err := h.apply(ctx, r.Value); err != nil {
				return err
			}
			if err := helpers.CommitUpTo(ctx, cl, r.Topic, r.Partition, r.Offset); err != nil { // ok: after processing
				return err
			}
		}
	}
}

// runFranzBefore commits what precedes each record before processing it:
// nothing it has not processed.
func runFranzBefore(ctx context.Context, cl *kgo.Client, out sink) error {
	h := &handler{out: out}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			if err := helpers.CommitBefore(ctx, cl, r.Topic, r.Partition, r.Offset); err != nil { // ok: commits only the records before r
				return err
			}
			if err := h.apply(ctx, r.Value); err != nil {
				return err
			}
		}
	}
}
