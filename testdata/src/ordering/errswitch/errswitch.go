// Package errswitch marks (sarama) and commits (kafka-go) before a
// processing whose error a switch tells apart: a transient failure is
// returned for the message to come again, a poison message is logged and
// skipped. The moved call goes in the switch's nil case: after the switch's
// start it would mark the transient failure before the return (audit
// 28c/1: marked [0 1] with message 1 failed).
package errswitch

import (
	"context"
	"database/sql"
	"errors"
	"log"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"
)

// TransientError is a failure worth retrying.
type TransientError struct{ Err error }

func (e *TransientError) Error() string { return e.Err.Error() }

var db *sql.DB

func score(msg *sarama.ConsumerMessage) error {
	if _, err := db.Exec("INSERT INTO scores (k, v) VALUES ($1, $2)", msg.Key, msg.Value); err != nil {
		return &TransientError{Err: err}
	}
	return nil
}

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx := sess.Context()
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case msg, ok := <-claim.Messages():
			if !ok {
				break loop
			}
			sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
			err := score(msg)
			var terr *TransientError
			switch {
			case err == nil:
			case errors.As(err, &terr):
				return err
			default:
				log.Printf("score %d: %v", msg.Offset, err)
				continue loop
			}
		}
	}
	return nil
}

func apply(ctx context.Context, m kafkago.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (k, v) VALUES ($1, $2)", m.Key, m.Value)
	return err
}

func run(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			return err
		}
		err = apply(ctx, m)
		switch {
		case err == nil:
			log.Printf("applied %d", m.Offset)
		case errors.Is(err, context.Canceled):
			return err
		default:
			log.Printf("apply %d: %v", m.Offset, err)
		}
	}
}

// The silent twin: the mark already in the nil case.
type twin struct{}

func (twin) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (twin) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (twin) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		err := score(msg)
		var terr *TransientError
		switch {
		case err == nil:
			sess.MarkMessage(msg, "")
		case errors.As(err, &terr):
			return err
		default:
			log.Printf("score %d: %v", msg.Offset, err)
		}
	}
	return nil
}

func start(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup([]string{"127.0.0.1:9092"}, "g-errswitch", sarama.NewConfig())
	_ = g.Consume(ctx, []string{"scores"}, handler{})
	_ = g.Consume(ctx, []string{"scores"}, twin{})
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-errswitch", Topic: "events"})
	_ = run(ctx, r)
}

var _ = start
