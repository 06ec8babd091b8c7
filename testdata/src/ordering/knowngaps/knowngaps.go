// Package knowngaps holds ordering cases of real bugs the analyzer does
// not report yet, each marked "// ok: known gap" with what is missing
// (shapes found on public consumers). A change that reports one turns
// its case into a positive with a fix.
package knowngaps

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
)

var db *sql.DB

func save(ctx context.Context, msg *sarama.ConsumerMessage) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", msg.Value)
	return err
}

// router hands only some topics' messages to a sender goroutine, then
// marks every message: on the forwarded branch the mark (committed by
// sess.Commit() below, which does not wait for the sender) passes a
// message not yet written.
type router struct{ out chan *sarama.ConsumerMessage }

func (router) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (router) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (r router) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		switch msg.Topic {
		case "friend-requests":
			r.out <- msg
		}
		sess.MarkMessage(msg, "") // ok: known gap, a hand-off on some paths only (the send does not dominate the mark)
	}
	sess.Commit()
	return nil
}

// acker gives each message to a callback with an ack closure; the
// callback acks, then processes in a goroutine: the timer can commit the
// mark before the save.
type acker struct {
	cb func(msg *sarama.ConsumerMessage, ack func())
}

func (acker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (acker) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (a acker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		a.cb(msg, func() { sess.MarkMessage(msg, "") }) // ok: known gap, an ack closure called by a callback held in a field
	}
	return nil
}

// Run wires both handlers: the router's group with auto-commit off, the
// acker's with the default auto-commit.
func Run(ctx context.Context, brokers []string, out chan *sarama.ConsumerMessage) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	routed, err := sarama.NewConsumerGroup(brokers, "router", cfg)
	if err != nil {
		return err
	}
	acked, err := sarama.NewConsumerGroup(brokers, "acker", sarama.NewConfig())
	if err != nil {
		return err
	}
	go func() {
		for m := range out {
			_ = save(ctx, m)
		}
	}()
	h := acker{cb: func(msg *sarama.ConsumerMessage, ack func()) {
		ack()
		go func() { _ = save(ctx, msg) }()
	}}
	for ctx.Err() == nil {
		if err := routed.Consume(ctx, []string{"friend-requests", "audit"}, router{out: out}); err != nil {
			return err
		}
		if err := acked.Consume(ctx, []string{"events"}, h); err != nil {
			return err
		}
	}
	return nil
}
