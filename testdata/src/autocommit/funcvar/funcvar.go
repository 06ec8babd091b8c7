// Package funcvar builds its consumer groups through a package-level
// variable holding sarama's constructor, a seam its tests could replace
// (util-go's MSK wrapper, knative's consumer factory).
package funcvar

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"
)

var newConsumerGroup = sarama.NewConsumerGroup

// ledger marks each message after saving it.
type ledger struct{ db *sql.DB }

func (h *ledger) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *ledger) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *ledger) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if _, err := h.db.Exec("INSERT INTO ledger VALUES ($1)", m.Value); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

// audit marks each message after saving it and commits the marks.
type audit struct{ db *sql.DB }

func (h *audit) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *audit) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *audit) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if _, err := h.db.Exec("INSERT INTO audit VALUES ($1)", m.Value); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
		sess.Commit()
	}
	return nil
}

func consume(ctx context.Context, g sarama.ConsumerGroup, topic string, h sarama.ConsumerGroupHandler) {
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{topic}, h); err != nil {
			log.Print(err)
		}
	}
}

// RunLedger consumes ledger with auto-commit off: its handler only marks.
func RunLedger(ctx context.Context, db *sql.DB) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler never calls Commit: sarama discards marks at session end`
	g, err := newConsumerGroup([]string{"localhost:9092"}, "ledger", cfg)
	if err != nil {
		return err
	}
	consume(ctx, g, "ledger", &ledger{db: db})
	return nil
}

// RunAudit consumes audit with auto-commit off: its handler commits.
func RunAudit(ctx context.Context, db *sql.DB) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := newConsumerGroup([]string{"localhost:9092"}, "audit", cfg)
	if err != nil {
		return err
	}
	consume(ctx, g, "audit", &audit{db: db})
	return nil
}
