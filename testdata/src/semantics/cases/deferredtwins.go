package cases

import (
	"context"
	"database/sql"
	"time"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"
)

// Deferred positions that skip nothing (review 28-1): a handler its
// caller calls again with the same message until it succeeds; a deferred
// literal committing the last message applied, set after each success;
// a deferred literal committing the marks, made after each success.
type retriedHandler struct{ db *sql.DB }

func (retriedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (retriedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h retriedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		for {
			if err := h.handle(sess, msg); err == nil {
				break
			}
			time.Sleep(time.Second)
		}
	}
	return nil
}

func (h retriedHandler) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) error {
	defer sess.MarkMessage(msg, "")
	_, err := h.db.Exec("INSERT INTO t VALUES ($1)", msg.Value)
	return err
}

func lastApplied(ctx context.Context, db *sql.DB) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-last-applied", Topic: "t"}) // case: deferredlast
	var last kafkago.Message
	defer func() { _ = r.CommitMessages(context.Background(), last) }()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
			return err
		}
		last = m
	}
}

type commitOnExit struct{ db *sql.DB }

func (commitOnExit) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (commitOnExit) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h commitOnExit) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer func() { sess.Commit() }()
	for msg := range claim.Messages() {
		if _, err := h.db.Exec("INSERT INTO t VALUES ($1)", msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func deferredTwins(ctx context.Context, db *sql.DB) {
	g1, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-retried", sarama.NewConfig()) // case: deferredretried
	_ = g1.Consume(ctx, []string{"t"}, retriedHandler{db: db})
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g2, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-commit-exit", cfg) // case: deferredcommitexit
	_ = g2.Consume(ctx, []string{"t"}, commitOnExit{db: db})
}

var _, _ = deferredTwins, lastApplied
