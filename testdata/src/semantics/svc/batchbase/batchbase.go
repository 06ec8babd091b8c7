// Package batchbase commits each batch after a function its caller gives
// reports success as a bool (its field named Ingest or ConsumeFn) (trial 32a/7: read as a predicate, the call
// was no hand-off and the row said at-least-once for a function that only
// started goroutines).
package batchbase

import (
	"context"

	"github.com/IBM/sarama"
)

type Consumer struct {
	Ingest func(msgs []*sarama.ConsumerMessage) bool
}

func (c *Consumer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (c *Consumer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (c *Consumer) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	msgs := make([]*sarama.ConsumerMessage, 0, 10)
	for m := range claim.Messages() {
		msgs = append(msgs, m)
		if len(msgs) < 10 {
			continue
		}
		last := msgs[len(msgs)-1]
		if !c.Ingest(msgs) {
			return nil
		}
		session.MarkMessage(last, "")
		session.Commit()
		msgs = msgs[:0]
	}
	return nil
}

// Start consumes topic with fn.
func Start(topic string, fn func([]*sarama.ConsumerMessage) bool) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "sched-"+topic, cfg) // case: batchasync
	if err != nil {
		return err
	}
	return g.Consume(context.Background(), []string{topic}, &Consumer{Ingest: fn})
}

// Ordered is Consumer for StartOrdered's callers.
type Ordered struct {
	ConsumeFn func(msgs []*sarama.ConsumerMessage) bool
}

func (c *Ordered) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (c *Ordered) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (c *Ordered) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	msgs := make([]*sarama.ConsumerMessage, 0, 10)
	for m := range claim.Messages() {
		msgs = append(msgs, m)
		if len(msgs) < 10 {
			continue
		}
		last := msgs[len(msgs)-1]
		if !c.ConsumeFn(msgs) {
			return nil
		}
		session.MarkMessage(last, "")
		session.Commit()
		msgs = msgs[:0]
	}
	return nil
}

// StartOrdered consumes topic with fn.
func StartOrdered(topic string, fn func([]*sarama.ConsumerMessage) bool) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "ordered-"+topic, cfg) // case: batchsync
	if err != nil {
		return err
	}
	return g.Consume(context.Background(), []string{topic}, &Ordered{ConsumeFn: fn})
}
