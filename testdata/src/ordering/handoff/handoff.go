// Package handoff holds ordering cases where a record is handed on (sent
// on a channel, started in a goroutine) and its position written before
// the work it was handed to is done.
package handoff

import (
	"context"
	"encoding/json"
	"log"
	"sync"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

type order struct {
	ID    string `json:"id"`
	Total int64  `json:"total"`
}

type store interface {
	Save(ctx context.Context, o order) error
}

func apply(ctx context.Context, db store, msg *sarama.ConsumerMessage) error {
	var o order
	if err := json.Unmarshal(msg.Value, &o); err != nil {
		return err
	}
	return db.Save(ctx, o)
}

type handler struct{ db store }

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error {
	return nil
}

// workerMarks hands each message to a buffered worker channel and marks it
// at once: the buffer holds messages the timer has already committed.
func (h handler) workerMarks(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range jobs {
			if err := apply(sess.Context(), h.db, m); err != nil {
				log.Printf("apply %d: %v", m.Offset, err)
			}
		}
	}()
	for msg := range claim.Messages() {
		jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel, with no wait for its processing: with auto-commit on, a crash before the message is processed loses it \(at-most-once\)`
	}
	close(jobs)
	<-done
	return nil
}

// workerReplies is workerMarks' twin: the worker replies once the message
// is saved, and the loop waits for the reply before marking.
func (h handler) workerReplies(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	results := make(chan error)
	go func() {
		for m := range jobs {
			results <- apply(sess.Context(), h.db, m)
		}
	}()
	defer close(jobs)
	for msg := range claim.Messages() {
		jobs <- msg
		if err := <-results; err != nil { // ok: the reply is the completion
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// selectMarks hands the message over in a select that gives up when the
// session ends, then marks it.
func (h handler) selectMarks(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	go func() {
		for m := range jobs {
			if err := apply(context.Background(), h.db, m); err != nil {
				log.Printf("apply %d: %v", m.Offset, err)
			}
		}
	}()
	defer close(jobs)
	for msg := range claim.Messages() {
		select {
		case jobs <- msg:
		case <-sess.Context().Done():
			return nil
		}
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel`
	}
	return nil
}

// auditCopy sends a copy of each message to an audit channel, saves it
// itself, and marks it.
func (h handler) auditCopy(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, audit chan<- *sarama.ConsumerMessage) error {
	for msg := range claim.Messages() {
		audit <- msg
		if err := apply(sess.Context(), h.db, msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: saved in place; the channel is a side copy
	}
	return nil
}

// resultSent saves each message, reports the outcome on a channel, and
// marks it.
func (h handler) resultSent(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, outcomes chan<- error) error {
	for msg := range claim.Messages() {
		err := apply(sess.Context(), h.db, msg)
		outcomes <- err
		sess.MarkMessage(msg, "") // ok: the value sent is the outcome, not the message
	}
	return nil
}

// markThenSend marks each message, then hands it to its worker.
func (h handler) markThenSend(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 16)
	go func() {
		for m := range jobs {
			if err := apply(sess.Context(), h.db, m); err != nil {
				log.Printf("apply %d: %v", m.Offset, err)
			}
		}
	}()
	defer close(jobs)
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is sent on a channel to be processed: with auto-commit on, a crash before the message is processed loses it \(at-most-once\)`
		jobs <- msg
	}
	return nil
}

// applyMarkAudit is markThenSend's twin: the message is saved in place
// before the mark; the channel gets a copy for auditing.
func (h handler) applyMarkAudit(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, audit chan<- *sarama.ConsumerMessage) error {
	for msg := range claim.Messages() {
		if err := apply(sess.Context(), h.db, msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: saved first
		audit <- msg
	}
	return nil
}

// goMarks starts the processing of each message in a goroutine and marks
// it right away.
func (h handler) goMarks(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go apply(sess.Context(), h.db, msg)
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is handed to a goroutine, with no wait for its processing`
	}
	return nil
}

// goJoined is goMarks' twin: the goroutine is waited for before the mark.
func (h handler) goJoined(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := apply(sess.Context(), h.db, msg); err != nil {
				log.Printf("apply %d: %v", msg.Offset, err)
			}
		}()
		wg.Wait()
		sess.MarkMessage(msg, "") // ok: wg.Wait joins the goroutine
	}
	return nil
}

// goLogs starts a goroutine that only logs the message.
func (h handler) goLogs(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go log.Printf("received %s", msg.Key)
		if err := apply(sess.Context(), h.db, msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: the goroutine only logs
	}
	return nil
}

type ledger interface {
	Post(ctx context.Context, m kafka.Message) error
}

// goCommits hands each kafka-go message to a goroutine and commits it.
func goCommits(ctx context.Context, r *kafka.Reader, l ledger) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go l.Post(ctx, m)
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is handed to a goroutine, with no wait for its processing: a crash before the message is processed loses it \(at-most-once\)`
			return err
		}
	}
}

// postThenCommit is goCommits' twin.
func postThenCommit(ctx context.Context, r *kafka.Reader, l ledger) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := l.Post(ctx, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: posted first
			return err
		}
	}
}

// applyCounted saves a message and says how many rows it wrote.
func applyCounted(ctx context.Context, db store, msg *sarama.ConsumerMessage) (int, error) {
	if err := apply(ctx, db, msg); err != nil {
		return 0, err
	}
	return 1, nil
}

// goCountedMarks starts a processing that returns two results in a
// goroutine and marks the message right away.
func (h handler) goCountedMarks(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go applyCounted(sess.Context(), h.db, msg)
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is handed to a goroutine, with no wait for its processing`
	}
	return nil
}

// decodedMarks decodes each message, hands the order to a worker and
// marks the message at once: the worker saves it later.
func (h handler) decodedMarks(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	orders := make(chan order, 64)
	go func() {
		for o := range orders {
			if err := h.db.Save(context.Background(), o); err != nil {
				log.Printf("save %s: %v", o.ID, err)
			}
		}
	}()
	defer close(orders)
	for msg := range claim.Messages() {
		var o order
		if err := json.Unmarshal(msg.Value, &o); err != nil {
			log.Printf("decode %d: %v", msg.Offset, err)
			continue
		}
		orders <- o
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is built into a value sent on a channel, with no wait for its processing: with auto-commit on, a crash before the message is processed loses it \(at-most-once\)`
	}
	return nil
}

// decodedSavedSent is decodedMarks' twin: the order is saved in place,
// and what is sent after is a copy for a notifier.
func (h handler) decodedSavedSent(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, saved chan<- order) error {
	for msg := range claim.Messages() {
		var o order
		if err := json.Unmarshal(msg.Value, &o); err != nil {
			return err
		}
		if err := h.db.Save(sess.Context(), o); err != nil {
			return err
		}
		saved <- o
		sess.MarkMessage(msg, "") // ok: saved in place first
	}
	return nil
}

// sizesSent is decodedMarks' other twin: it applies the message in place
// and sends only its size, a number, on a channel.
func (h handler) sizesSent(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, sizes chan<- int) error {
	for msg := range claim.Messages() {
		if err := apply(sess.Context(), h.db, msg); err != nil {
			return err
		}
		sizes <- len(msg.Value)
		sess.MarkMessage(msg, "") // ok: applied in place; a size is not the message
	}
	return nil
}

// workerRetries hands each message to a worker retrying its write until it
// succeeds or the session ends, and marks it at once (fix-quality hunt
// 47x/D1): the fix marks in the worker where the retry loop breaks on
// success only, not after the loop, which the session's end also leaves.
func (h handler) workerRetries(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 16)
	defer close(jobs)
	go func() {
		for m := range jobs {
			for {
				err := apply(sess.Context(), h.db, m)
				if err == nil || sess.Context().Err() != nil {
					break
				}
				log.Printf("apply %d: %v; retrying", m.Offset, err)
			}
		}
	}()
	for msg := range claim.Messages() {
		jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel, with no wait for its processing`
	}
	return nil
}
