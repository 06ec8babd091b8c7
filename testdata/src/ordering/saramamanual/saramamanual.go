// Package saramamanual holds ordering cases for sarama with auto-commit
// off: a mark is only committed by an explicit Commit, so marks are not
// reported; a Commit between a mark and the processing is.
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

// ConsumeClaim marks before processing and commits only at the end.
func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer sess.Commit()
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // ok: auto-commit is off, nothing commits the mark before apply
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
		mark(sess, msg) // ok: auto-commit is off (a helper's mark)
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

// commitFirst marks and commits before processing.
func (h *handler) commitFirst(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
		sess.Commit() // want `call to Commit before the message is processed: it commits the offset marked by MarkMessage above, so a crash between them loses the message \(at-most-once\)`
		if err := h.apply(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// commitAfter is commitFirst's twin.
func (h *handler) commitAfter(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
		if err := h.apply(sess.Context(), msg); err != nil {
			return err
		}
		sess.Commit() // ok: after processing
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
