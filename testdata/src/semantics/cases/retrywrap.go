package cases

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/IBM/sarama"
)

// operation is a retry wrapper's attempt, a named func type as in
// backoff.Operation.
type operation func() error

// retryN runs op up to n times, then gives up with its last error.
func retryN(n int, op operation) error {
	var err error
	for range n {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type retryMarker struct{ db *sql.DB }

func (retryMarker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (retryMarker) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// apply saves the message and marks it once saved.
func (h retryMarker) apply(sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) error {
	if _, err := h.db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
		return err
	}
	sess.MarkMessage(m, "")
	return nil
}

// ConsumeClaim tries three times, then logs and takes the next message,
// whose mark passes the one given up on.
func (h retryMarker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := retryN(3, func() error { return h.apply(sess, m) }); err != nil {
			log.Printf("gave up on %d: %v", m.Offset, err)
		}
	}
	return nil
}

func retryGiveUp(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup(nil, "g-retrygiveup", sarama.NewConfig()) // case: retrygiveup
	_ = g.Consume(ctx, []string{"t"}, retryMarker{db: db})
}

// retryStopper ends the claim when the retries give up.
type retryStopper struct{ db *sql.DB }

func (retryStopper) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (retryStopper) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h retryStopper) apply(sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) error {
	if _, err := h.db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
		return err
	}
	sess.MarkMessage(m, "")
	return nil
}

func (h retryStopper) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := retryN(3, func() error { return h.apply(sess, m) }); err != nil {
			return err
		}
	}
	return nil
}

func retryStops(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup(nil, "g-retrystops", sarama.NewConfig()) // case: retrystops
	_ = g.Consume(ctx, []string{"t"}, retryStopper{db: db})
}

var _, _ = retryGiveUp, retryStops
