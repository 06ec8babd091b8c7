// Package markcommit holds ordering cases of a sarama handler whose group
// is built elsewhere (its configuration out of sight) that marks each
// message and commits the mark at once, before processing it (audit
// 36c/D5: the fix moved the mark only, and the message said "with
// auto-commit on").
package markcommit

import (
	"context"
	"database/sql"
	"fmt"
	"log"

	"github.com/IBM/sarama"
)

// Handler writes each message to the database.
type Handler struct {
	db *sql.DB
}

func (h *Handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *Handler) put(ctx context.Context, m *sarama.ConsumerMessage) error {
	_, err := h.db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", m.Value)
	return err
}

// ConsumeClaim commits each message as it arrives, then writes it.
func (h *Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		sess.MarkMessage(m, "") // want `call to MarkMessage before the message is processed: the Commit below sends it \(as auto-commit would\), so a crash between them loses the message \(at-most-once\)`
		sess.Commit()
		if err := h.put(sess.Context(), m); err != nil {
			return fmt.Errorf("put %d/%d: %w", m.Partition, m.Offset, err)
		}
	}
	return nil
}

// After is Handler's twin: it marks and commits each message once it is
// written.
type After struct {
	db *sql.DB
}

func (h *After) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *After) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim writes each message, then commits it.
func (h *After) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return fmt.Errorf("put %d/%d: %w", m.Partition, m.Offset, err)
		}
		sess.MarkMessage(m, "")
		sess.Commit()
	}
	return nil
}

// Logged marks, logs and commits before writing.
type Logged struct {
	db *sql.DB
}

func (h *Logged) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Logged) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim commits each message as it arrives, logging it, then
// writes it (review 36-1/D9).
func (h *Logged) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		sess.MarkMessage(m, "") // want `call to MarkMessage before the message is processed: the Commit below sends it`
		log.Printf("claimed %d/%d", m.Partition, m.Offset)
		sess.Commit()
		if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return fmt.Errorf("put %d/%d: %w", m.Partition, m.Offset, err)
		}
	}
	return nil
}

// Flagged commits each mark at once when a flag says so.
type Flagged struct {
	db   *sql.DB
	sync bool
}

func (h *Flagged) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Flagged) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim marks, commits under the flag, then writes.
func (h *Flagged) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		sess.MarkMessage(m, "") // want `call to MarkMessage before the message is processed: the Commit below sends it`
		if h.sync {
			sess.Commit()
		}
		if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return fmt.Errorf("put %d/%d: %w", m.Partition, m.Offset, err)
		}
	}
	return nil
}

// Announced commits each mark under a flag with a log line, and logs
// the mark otherwise (review 36-2/D13).
type Announced struct {
	db   *sql.DB
	sync bool
}

func (h *Announced) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Announced) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim marks, commits under the flag, then writes.
func (h *Announced) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		sess.MarkMessage(m, "") // want `call to MarkMessage before the message is processed: the Commit below sends it`
		if h.sync {
			log.Printf("committing %d/%d", m.Partition, m.Offset)
			sess.Commit()
		} else {
			log.Printf("marked %d/%d", m.Partition, m.Offset)
		}
		if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return fmt.Errorf("put %d/%d: %w", m.Partition, m.Offset, err)
		}
	}
	return nil
}
