// Package endmarker holds ordering cases where a message the code stops
// on (an end-of-batch marker) is committed before it is looked at: the
// commit moved after the processing is made before the marker's exit
// too, or the marker would come back first on every run. An exit on a
// shutdown, which does not handle the message, gets no commit.
package endmarker

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"
)

var db *sql.DB

type loader struct{ done chan struct{} }

func (loader) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (loader) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim marks each message, then stops on the end marker or
// inserts the row.
func (l loader) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		sess.MarkMessage(m, "") // want `call to MarkMessage before the message is processed`
		if string(m.Key) == "EOF" {
			close(l.done)
			return nil
		}
		if _, err := db.ExecContext(sess.Context(), "INSERT INTO rows (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

// importRows commits each message, then stops on a shutdown (the message
// not handled: no commit there) or on the end marker, or inserts it.
func importRows(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		switch string(m.Key) {
		case "EOF":
			return nil
		case "":
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO rows (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
}

// importAfter commits the marker on its exit and each row after it.
func importAfter(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if string(m.Key) == "EOF" {
			return r.CommitMessages(ctx, m) // ok: the marker, committed as it is handled
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO rows (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: after the row
			return err
		}
	}
}

func run(ctx context.Context, g sarama.ConsumerGroup) error {
	return g.Consume(ctx, []string{"rows"}, loader{done: make(chan struct{})})
}
