// Package saramamanual holds ordering cases for sarama with auto-commit
// off: a mark is only committed by an explicit Commit, but one Commit
// sends the marks of every claim of the session, and each claim runs
// ConsumeClaim's: a mark before the processing is committed whenever
// another claim commits (also a deferred Commit, when that claim
// returns). Marks are not reported when only Cleanup commits: it runs
// once every claim has returned.
package saramamanual

import (
	"context"
	"encoding/json"

	"github.com/IBM/sarama"
)

type event struct {
	ID string `json:"id"`
}

type repo interface {
	Save(ctx context.Context, ev event) error
}

func mark(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	sess.MarkMessage(msg, "")
}

type handler struct {
	db repo
}

func (h *handler) Setup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) Cleanup(sess sarama.ConsumerGroupSession) error {
	sess.Commit()
	return nil
}

func (h *handler) apply(ctx context.Context, msg *sarama.ConsumerMessage) error {
	var ev event
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return err
	}
	return h.db.Save(ctx, ev)
}

// ConsumeClaim marks before processing and commits only at the end: the
// end of another claim's.
func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer sess.Commit()
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed: auto-commit is off, but the Commit every claim runs sends the marks of all the session's claims, so once another claim commits, a crash between them loses the message \(at-most-once\)`
		if err := h.apply(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// every commits every 100 messages, after processing.
func (h *handler) every(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	n := 0
	for msg := range claim.Messages() {
		mark(sess, msg) // want `call to mark \(MarkMessage\) before the message is processed: auto-commit is off, but the Commit every claim runs`
		if err := h.apply(sess.Context(), msg); err != nil {
			return err
		}
		if n++; n%100 == 0 {
			sess.Commit() // ok: after processing
		}
	}
	sess.Commit()
	return nil
}

// commitFirst marks and commits before processing: the mark is
// reported (its fix moves it and the Commit after apply: left behind,
// the Commit would send earlier marks only, and a claim's last mark
// never, audit 36c/D5).
func (h *handler) commitFirst(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed: auto-commit is off, but the Commit below sends it, so a crash between them loses the message \(at-most-once\)`
		sess.Commit()
		if err := h.apply(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// commitAfter commits after processing, but another claim's Commit
// sends its mark before.
func (h *handler) commitAfter(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed: auto-commit is off, but the Commit every claim runs`
		if err := h.apply(sess.Context(), msg); err != nil {
			return err
		}
		sess.Commit()
	}
	return nil
}

// markAfter is commitAfter's twin: each mark follows its processing.
func (h *handler) markAfter(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.apply(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: after processing
		sess.Commit()             // ok: after processing
	}
	return nil
}

// batched marks each message as it joins a batch applied every 100 and
// commits once the batch is applied: another claim's Commit sends the
// marks of the batch still held. (The mark dominates the batch's
// processing: the fix moves it there, the last message's mark covering
// the batch's partition.)
func (h *handler) batched(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for msg := range claim.Messages() {
		batch = append(batch, msg)
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed: auto-commit is off, but the Commit every claim runs`
		if len(batch) < 100 {
			continue
		}
		if err := h.applyAll(sess.Context(), batch); err != nil {
			return err
		}
		sess.Commit()
		batch = batch[:0]
	}
	return nil
}

func (h *handler) applyAll(ctx context.Context, batch []*sarama.ConsumerMessage) error {
	for _, msg := range batch {
		if err := h.apply(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// route calls every consume shape from the handler.
type route struct{ *handler }

func (r route) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	switch claim.Topic() {
	case "every":
		return r.every(sess, claim)
	case "first":
		return r.commitFirst(sess, claim)
	case "after":
		return r.commitAfter(sess, claim)
	case "marked":
		return r.markAfter(sess, claim)
	case "batched":
		return r.batched(sess, claim)
	}
	return r.handler.ConsumeClaim(sess, claim)
}

func run(ctx context.Context, db repo) error {
	config := sarama.NewConfig()
	config.Consumer.Offsets.AutoCommit.Enable = false
	group, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g", config)
	if err != nil {
		return err
	}
	defer group.Close()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"t"}, route{&handler{db: db}}); err != nil {
			return err
		}
	}
	return nil
}
