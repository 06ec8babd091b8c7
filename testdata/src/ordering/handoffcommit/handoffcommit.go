// Package handoffcommit holds ordering cases for sarama handlers with
// auto-commit off that hand each message to a worker, mark it, and commit
// the marks when the claim ends: the commit does not wait for the worker
// either, unless the handler joins it first.
package handoffcommit

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"
)

var db *sql.DB

func save(ctx context.Context, msg *sarama.ConsumerMessage) error {
	_, err := db.ExecContext(ctx, "INSERT INTO scans (body) VALUES ($1)", msg.Value)
	return err
}

// eager commits the marks while its worker may still hold messages.
type eager struct{}

func (eager) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (eager) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (eager) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range jobs {
			if err := save(sess.Context(), m); err != nil {
				log.Printf("save %d: %v", m.Offset, err)
			}
		}
	}()
	for msg := range claim.Messages() {
		jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel, with no wait for its processing: the commit of the marks \(Commit\) does not wait for it either`
	}
	close(jobs)
	sess.Commit()
	<-done
	return nil
}

// joined waits for its worker before committing the marks.
type joined struct{}

func (joined) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (joined) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (joined) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range jobs {
			if err := save(sess.Context(), m); err != nil {
				log.Printf("save %d: %v", m.Offset, err)
			}
		}
	}()
	for msg := range claim.Messages() {
		jobs <- msg
		sess.MarkMessage(msg, "") // ok: the marks are committed after the worker is joined
	}
	close(jobs)
	<-done
	sess.Commit()
	return nil
}

// Run consumes with auto-commit off.
func Run(ctx context.Context, brokers []string) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup(brokers, "scans", cfg)
	if err != nil {
		return err
	}
	g2, err := sarama.NewConsumerGroup(brokers, "scans-joined", cfg)
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"scans"}, eager{}); err != nil {
			return err
		}
		if err := g2.Consume(ctx, []string{"scans"}, joined{}); err != nil {
			return err
		}
	}
	return nil
}
