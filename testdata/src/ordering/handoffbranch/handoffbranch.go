// Package handoffbranch holds ordering cases of a sarama handler that
// hands a message to a worker on one branch only (a case of a switch)
// and marks every message after the switch (found on a public consumer):
// with auto-commit off, sess.Commit() after the claim's loop commits the
// marks without waiting for the worker either.
package handoffbranch

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"
)

var db *sql.DB

func save(ctx context.Context, msg *sarama.ConsumerMessage) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", msg.Value)
	return err
}

// router hands friend requests to a sender goroutine and saves the other
// topics in place, then marks every message: on the forwarded branch the
// mark passes a message not yet written.
type router struct{ out chan *sarama.ConsumerMessage }

func (router) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (router) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (r router) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		switch msg.Topic {
		case "friend-requests":
			r.out <- msg
		default:
			if err := save(sess.Context(), msg); err != nil {
				log.Printf("save: %v", err)
			}
		}
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel on some paths, with no wait for its processing: the commit of the marks \(Commit\) does not wait for it either`
	}
	sess.Commit()
	return nil
}

// copier saves every message in place, then sends friend requests to the
// notifier as well: the channel carries a copy.
type copier struct{ out chan *sarama.ConsumerMessage }

func (copier) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (copier) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (c copier) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := save(sess.Context(), msg); err != nil {
			log.Printf("save: %v", err)
		}
		switch msg.Topic {
		case "friend-requests":
			c.out <- msg
		}
		sess.MarkMessage(msg, "") // ok: saved in place before the copy is sent
	}
	sess.Commit()
	return nil
}

// waiter hands friend requests to the sender goroutine too, but waits for
// its reply before marking.
type job struct {
	msg  *sarama.ConsumerMessage
	done chan error
}

type waiter struct{ out chan job }

func (waiter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (waiter) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (w waiter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		switch msg.Topic {
		case "friend-requests":
			j := job{msg: msg, done: make(chan error, 1)}
			w.out <- j
			if err := <-j.done; err != nil {
				return err
			}
		default:
			if err := save(sess.Context(), msg); err != nil {
				log.Printf("save: %v", err)
			}
		}
		sess.MarkMessage(msg, "") // ok: the sender's reply is awaited before the mark
	}
	sess.Commit()
	return nil
}

// Run wires the handlers with auto-commit off; one goroutine writes the
// forwarded messages of each.
func Run(ctx context.Context, brokers []string) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup(brokers, "router", cfg)
	if err != nil {
		return err
	}
	routed := make(chan *sarama.ConsumerMessage)
	copied := make(chan *sarama.ConsumerMessage)
	jobs := make(chan job)
	go func() {
		for m := range routed {
			if err := save(ctx, m); err != nil {
				log.Printf("save: %v", err)
			}
		}
	}()
	go func() {
		for m := range copied {
			log.Printf("notify %s", m.Key)
		}
	}()
	go func() {
		for j := range jobs {
			j.done <- save(ctx, j.msg)
		}
	}()
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"friend-requests", "audit"}, router{out: routed}); err != nil {
			return err
		}
		if err := g.Consume(ctx, []string{"friend-requests", "audit"}, copier{out: copied}); err != nil {
			return err
		}
		if err := g.Consume(ctx, []string{"friend-requests", "audit"}, waiter{out: jobs}); err != nil {
			return err
		}
	}
	return nil
}

// spawner saves large messages in a goroutine and the others in place,
// then marks every message, with the default auto-commit.
type spawner struct{}

func (spawner) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (spawner) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (spawner) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if len(msg.Value) > 1<<20 {
			go save(sess.Context(), msg)
		} else if err := save(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is handed to a goroutine on some paths, with no wait for its processing: with auto-commit on`
	}
	return nil
}

// notifier saves every message in place, then notifies in a goroutine on
// some paths: the goroutine only sends a copy.
type notifier struct{}

func (notifier) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (notifier) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (notifier) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := save(sess.Context(), msg); err != nil {
			return err
		}
		if msg.Topic == "friend-requests" {
			go save(sess.Context(), msg)
		}
		sess.MarkMessage(msg, "") // ok: saved in place before the goroutine starts
	}
	return nil
}

// RunAuto wires the spawner and the notifier with the default
// auto-commit.
func RunAuto(ctx context.Context, brokers []string) error {
	g, err := sarama.NewConsumerGroup(brokers, "spawner", sarama.NewConfig())
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"events"}, spawner{}); err != nil {
			return err
		}
		if err := g.Consume(ctx, []string{"events"}, notifier{}); err != nil {
			return err
		}
	}
	return nil
}
