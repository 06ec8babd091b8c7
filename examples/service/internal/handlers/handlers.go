// Package handlers holds the orders service's sarama handlers; the caller
// builds the consumer groups and runs them.
package handlers

import (
	"github.com/IBM/sarama"

	"github.com/offsetcommit/commitlint/examples/service/internal/store"
)

// Projector marks each message, then saves it.
//
// BUG (ordering commit-before-process): with sarama's default auto-commit
// (on, every 1s) a mark is as good as a commit: the ticker may commit the
// offset while Save is still running, and a crash then loses the message.
type Projector struct{ St *store.Store }

func (*Projector) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Projector) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (p *Projector) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // finding: ordering commit-before-process
		if err := p.St.Save(sess.Context(), msg.Value); err != nil {
			return err
		}
	}
	return nil
}

// Archiver saves each message, then marks it; the caller turns auto-commit
// off and the marks are committed when the claim ends.
//
// CORRECT: marks follow the save, and the deferred Commit flushes them
// when ConsumeClaim returns (at rebalances and shutdown); a crash replays
// the claim since its start (at-least-once).
type Archiver struct{ St *store.Store }

func (*Archiver) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Archiver) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (a *Archiver) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer sess.Commit()
	for msg := range claim.Messages() {
		if err := a.St.Save(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
