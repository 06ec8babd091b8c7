// Package closurenested holds ack closures that the function they are
// given calls inside a function literal of its own: a retry wrapper's
// attempt, a goroutine.
package closurenested

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"time"

	"github.com/IBM/sarama"
)

var db *sql.DB

func save(ctx context.Context, msg *sarama.ConsumerMessage) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", msg.Value)
	return err
}

// withRetry runs attempt up to n times, sleeping between failures.
func withRetry(n int, attempt func() error) error {
	err := errors.New("no attempt")
	for i := 0; i < n && err != nil; i++ {
		if err = attempt(); err != nil {
			time.Sleep(time.Second)
		}
	}
	return err
}

// retrier acks inside each attempt, before the save: sarama's
// auto-commit may commit the mark, and a crash before the save loses
// the message.
type retrier struct{ ctx context.Context }

func (r *retrier) handle(msg *sarama.ConsumerMessage, ack func()) {
	err := withRetry(3, func() error {
		ack() // want `call to ack, a closure that marks the message \(MarkMessage\), before the message is processed`
		return save(r.ctx, msg)
	})
	if err != nil {
		log.Printf("save %d: %v", msg.Offset, err)
	}
}

// carefulRetrier is retrier's twin: each attempt acks once the save
// succeeded.
type carefulRetrier struct{ ctx context.Context }

func (r *carefulRetrier) handle(msg *sarama.ConsumerMessage, ack func()) {
	err := withRetry(3, func() error {
		if err := save(r.ctx, msg); err != nil {
			return err
		}
		ack() // ok: after the save
		return nil
	})
	if err != nil {
		log.Printf("save %d: %v", msg.Offset, err)
	}
}

// background saves in a goroutine that acks first.
type background struct{ ctx context.Context }

func (b *background) handle(msg *sarama.ConsumerMessage, ack func()) {
	go func() {
		ack() // want `call to ack, a closure that marks the message \(MarkMessage\), before the message is processed`
		if err := save(b.ctx, msg); err != nil {
			log.Printf("save %d: %v", msg.Offset, err)
		}
	}()
}

// carefulBackground is background's twin: the goroutine acks after the
// save.
type carefulBackground struct{ ctx context.Context }

func (b *carefulBackground) handle(msg *sarama.ConsumerMessage, ack func()) {
	go func() {
		if err := save(b.ctx, msg); err != nil {
			log.Printf("save %d: %v", msg.Offset, err)
			return
		}
		ack() // ok: after the save
	}()
}

// claims gives each message of a claim to the four handlers, each with a
// closure marking it.
type claims struct {
	r  *retrier
	cr *carefulRetrier
	b  *background
	cb *carefulBackground
}

func (claims) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (claims) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h claims) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.r.handle(msg, func() { sess.MarkMessage(msg, "") })
		h.cr.handle(msg, func() { sess.MarkMessage(msg, "") })
		h.b.handle(msg, func() { sess.MarkMessage(msg, "") })
		h.cb.handle(msg, func() { sess.MarkMessage(msg, "") })
	}
	return nil
}

// Run consumes with sarama's default auto-commit.
func Run(ctx context.Context, brokers []string) error {
	g, err := sarama.NewConsumerGroup(brokers, "nested", sarama.NewConfig())
	if err != nil {
		return err
	}
	h := claims{&retrier{ctx}, &carefulRetrier{ctx}, &background{ctx}, &carefulBackground{ctx}}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"events"}, h); err != nil {
			return err
		}
	}
	return nil
}
