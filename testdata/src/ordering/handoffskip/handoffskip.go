// Package handoffskip holds consumers that hand some records on (a send
// to a worker, a goroutine) and skip their position call (continue),
// while the records processed in place are marked or committed: the
// next of those writes a position past the records handed on, which a
// crash then loses if they are not processed yet.
package handoffskip

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

var db *sql.DB

const maxInline = 1 << 20

func save(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", v)
	return err
}

func archive(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO archive (body) VALUES ($1)", v)
	return err
}

// slowLane sends large messages to a worker and marks the others once
// saved: the next mark covers the large messages still queued.
type slowLane struct{}

func (slowLane) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (slowLane) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (slowLane) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	slow := make(chan *sarama.ConsumerMessage, 16)
	defer close(slow)
	go func() {
		for m := range slow {
			if err := archive(sess.Context(), m.Value); err != nil {
				log.Printf("archive %d: %v", m.Offset, err)
			}
		}
	}()
	for msg := range claim.Messages() {
		if len(msg.Value) > maxInline {
			slow <- msg
			continue
		}
		if err := save(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // want `call to MarkMessage marks a position past messages sent on a channel on another path, with no wait for their processing: with auto-commit on, a crash before a message handed on is processed loses it \(at-most-once\)`
	}
	return nil
}

// selectLane is slowLane with a select loop that also ends with the
// session.
type selectLane struct{}

func (selectLane) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (selectLane) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (selectLane) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	slow := make(chan *sarama.ConsumerMessage, 16)
	defer close(slow)
	go func() {
		for m := range slow {
			if err := archive(sess.Context(), m.Value); err != nil {
				log.Printf("archive %d: %v", m.Offset, err)
			}
		}
	}()
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if len(msg.Value) > maxInline {
				slow <- msg
				continue
			}
			if err := save(sess.Context(), msg.Value); err != nil {
				return err
			}
			sess.MarkMessage(msg, "") // want `call to MarkMessage marks a position past messages sent on a channel on another path`
		case <-sess.Context().Done():
			return nil
		}
	}
}

// job is a large message and where its worker reports the outcome.
type job struct {
	msg  *sarama.ConsumerMessage
	done chan error
}

// awaitedLane is slowLane's twin: the loop waits for the worker's outcome
// before the next message.
type awaitedLane struct{}

func (awaitedLane) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (awaitedLane) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (awaitedLane) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	slow := make(chan job)
	defer close(slow)
	go func() {
		for j := range slow {
			j.done <- archive(sess.Context(), j.msg.Value)
		}
	}()
	done := make(chan error)
	for msg := range claim.Messages() {
		if len(msg.Value) > maxInline {
			slow <- job{msg, done}
			if err := <-done; err != nil {
				return err
			}
			continue
		}
		if err := save(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: a large message is archived before the loop goes on
	}
	return nil
}

// auditor archives audit messages in goroutines and commits the others
// once saved: the next commit covers the audit messages still being
// archived.
func auditor(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if m.Topic == "audit" {
			go archive(ctx, m.Value)
			continue
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages commits a position past messages handed to a goroutine on another path, with no wait for their processing: a crash before a message handed on is processed loses it \(at-most-once\)`
			return err
		}
	}
}

func notify(m kafka.Message) { log.Printf("audit %d", m.Offset) }

// auditorInPlace is auditor's twin: audit messages are archived in
// place, and the goroutine only gets a copy for a notification.
func auditorInPlace(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if m.Topic == "audit" {
			if err := archive(ctx, m.Value); err != nil {
				return err
			}
			go notify(m)
			continue
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: audit messages are archived in place
			return err
		}
	}
}

// Run starts the consumers; the sarama group keeps its default
// auto-commit.
func Run(ctx context.Context, brokers []string) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "audit", Topic: "events"})
	defer r.Close()
	go auditor(ctx, r)
	go auditorInPlace(ctx, r)
	g, err := sarama.NewConsumerGroup(brokers, "lanes", sarama.NewConfig())
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"events"}, slowLane{}); err != nil {
			return err
		}
		if err := g.Consume(ctx, []string{"events"}, selectLane{}); err != nil {
			return err
		}
		if err := g.Consume(ctx, []string{"events"}, awaitedLane{}); err != nil {
			return err
		}
	}
	return nil
}
