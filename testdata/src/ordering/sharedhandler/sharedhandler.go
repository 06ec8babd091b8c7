// Package sharedhandler: one sarama handler type that two consumer groups
// run. Its mark before processing is one finding, and it is both groups':
// the report attaches it to both rows (neither may say at-least-once).
package sharedhandler

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
)

var db *sql.DB

type early struct{}

func (early) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (early) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (early) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
		if _, err := db.Exec("INSERT INTO events (body) VALUES ($1)", msg.Value); err != nil {
			return err
		}
	}
	return nil
}

type late struct{}

func (late) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (late) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (late) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if _, err := db.Exec("INSERT INTO audit (body) VALUES ($1)", msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: after processing
	}
	return nil
}

func run(ctx context.Context) {
	live, _ := sarama.NewConsumerGroup([]string{"localhost:9092"}, "shared-live", sarama.NewConfig())
	replay, _ := sarama.NewConsumerGroup([]string{"localhost:9092"}, "shared-replay", sarama.NewConfig())
	go func() { _ = live.Consume(ctx, []string{"events"}, early{}) }()
	go func() { _ = replay.Consume(ctx, []string{"events"}, early{}) }()
	a, _ := sarama.NewConsumerGroup([]string{"localhost:9092"}, "audit-a", sarama.NewConfig())
	b, _ := sarama.NewConsumerGroup([]string{"localhost:9092"}, "audit-b", sarama.NewConfig())
	go func() { _ = a.Consume(ctx, []string{"audit"}, late{}) }()
	_ = b.Consume(ctx, []string{"audit"}, late{})
}
