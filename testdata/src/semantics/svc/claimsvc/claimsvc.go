// Package claimsvc runs sarama groups and a confluent consumer that app
// builds: the handlers, Cleanup's commit and a rebalance callback are
// here, the configuration there.
package claimsvc

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Projector runs itself on the group it is given and marks each message
// through a helper before saving it.
type Projector struct {
	group sarama.ConsumerGroup
	db    *sql.DB
}

// NewProjector keeps the group its caller builds.
func NewProjector(g sarama.ConsumerGroup, db *sql.DB) *Projector {
	return &Projector{group: g, db: db}
}

// Run consumes until ctx ends.
func (p *Projector) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		if err := p.group.Consume(ctx, []string{"t-claimsvc"}, p); err != nil {
			return err
		}
	}
	return nil
}

func (*Projector) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Projector) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (p *Projector) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ack(sess, msg)
		if _, err := p.db.ExecContext(sess.Context(), "INSERT INTO orders (body) VALUES ($1)", msg.Value); err != nil {
			return err
		}
	}
	return nil
}

// ack marks the message as consumed.
func ack(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	sess.MarkMessage(msg, "")
}

// Settler marks and commits after saving, and commits the marks in
// Cleanup too.
type Settler struct {
	group sarama.ConsumerGroup
	db    *sql.DB
}

// NewSettler keeps the group its caller builds (auto-commit off).
func NewSettler(g sarama.ConsumerGroup, db *sql.DB) *Settler {
	return &Settler{group: g, db: db}
}

// Run consumes until ctx ends.
func (s *Settler) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		if err := s.group.Consume(ctx, []string{"t-settler"}, s); err != nil {
			return err
		}
	}
	return nil
}

func (*Settler) Setup(sarama.ConsumerGroupSession) error { return nil }

// Cleanup commits the claim's marks before the partitions move.
func (*Settler) Cleanup(sess sarama.ConsumerGroupSession) error {
	sess.Commit()
	return nil
}

func (s *Settler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if _, err := s.db.ExecContext(sess.Context(), "INSERT INTO payments (body) VALUES ($1)", msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
		sess.Commit()
	}
	return nil
}

// Profiles stores each message's offset after saving it, and commits the
// stored offsets when its partitions are revoked.
func Profiles(c *kafka.Consumer, db *sql.DB) error {
	if err := c.SubscribeTopics([]string{"t-profiles"}, rebalance); err != nil {
		return err
	}
	for {
		if m, ok := c.Poll(200).(*kafka.Message); ok {
			if _, err := db.Exec("INSERT INTO profiles (doc) VALUES ($1)", m.Value); err != nil {
				return err
			}
			if _, err := c.StoreMessage(m); err != nil {
				log.Printf("store offset: %v", err)
			}
		}
	}
}

func rebalance(c *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok && !c.AssignmentLost() {
		if _, err := c.Commit(); err != nil {
			log.Printf("commit on revoke: %v", err)
		}
	}
	return nil
}
