// Package commaok keeps its consumer groups in atomic.Values swapped on
// reconnect, loaded with a comma-ok assertion (jxt-core's event bus).
package commaok

import (
	"context"
	"database/sql"
	"log"
	"sync/atomic"

	"github.com/IBM/sarama"
)

type bus struct {
	ledger, audit atomic.Value // sarama.ConsumerGroup
	db            *sql.DB
}

func (b *bus) connect() error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler never calls Commit: sarama discards marks at session end`
	g, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "ledger", cfg)
	if err != nil {
		return err
	}
	b.ledger.Store(g)
	acfg := sarama.NewConfig()
	acfg.Consumer.Offsets.AutoCommit.Enable = false // ok: its handler commits
	a, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "audit", acfg)
	if err != nil {
		return err
	}
	b.audit.Store(a)
	return nil
}

func (b *bus) run(ctx context.Context) {
	for ctx.Err() == nil {
		g, ok := b.ledger.Load().(sarama.ConsumerGroup)
		if !ok {
			return
		}
		if err := g.Consume(ctx, []string{"ledger"}, &ledger{db: b.db}); err != nil {
			log.Print(err)
		}
	}
}

func (b *bus) runAudit(ctx context.Context) {
	for ctx.Err() == nil {
		a, ok := b.audit.Load().(sarama.ConsumerGroup)
		if !ok {
			return
		}
		if err := a.Consume(ctx, []string{"audit"}, &audit{db: b.db}); err != nil {
			log.Print(err)
		}
	}
}

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

// Run connects and consumes both groups.
func Run(ctx context.Context, db *sql.DB) error {
	b := &bus{db: db}
	if err := b.connect(); err != nil {
		return err
	}
	go b.runAudit(ctx)
	b.run(ctx)
	return nil
}
