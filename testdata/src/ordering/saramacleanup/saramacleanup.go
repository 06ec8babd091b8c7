// Package saramacleanup: sarama with auto-commit off whose marks only
// Cleanup commits. Cleanup runs once every claim's ConsumeClaim has
// returned, so no commit sends a claim's mark while its message is
// processed.
package saramacleanup

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
)

type handler struct{ db *sql.DB }

func (h *handler) Setup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) Cleanup(sess sarama.ConsumerGroupSession) error {
	sess.Commit()
	return nil
}

func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		sess.MarkMessage(m, "") // ok: only Cleanup commits, after every claim returned
		if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO audit VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

// Run consumes with auto-commit off.
func Run(ctx context.Context, db *sql.DB) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	group, err := sarama.NewConsumerGroup([]string{"k:9092"}, "audit", cfg)
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"audit"}, &handler{db: db}); err != nil {
			return err
		}
	}
	return nil
}
