// Package rangedbatch writes a batch's position computed in a loop over
// it before the batch is written (fix-quality hunt 46x/D2: 7 to 21 lost
// at a kill), and the twins writing it after.
package rangedbatch

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var db *sql.DB

func write(ctx context.Context, batch []*kafka.Message) error {
	for _, m := range batch {
		if _, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

func consumeEarly(ctx context.Context, c *kafka.Consumer) error {
	var batch []*kafka.Message
	for {
		m, err := c.ReadMessage(100 * time.Millisecond)
		if err == nil {
			batch = append(batch, m)
		}
		if len(batch) < 100 {
			continue
		}
		offs := make([]kafka.TopicPartition, 0, len(batch))
		for _, b := range batch {
			tp := b.TopicPartition
			tp.Offset++
			offs = append(offs, tp)
		}
		if _, err := c.CommitOffsets(offs); err != nil { // want `call to CommitOffsets before the message is processed`
			log.Printf("commit: %v", err)
		}
		if err := write(ctx, batch); err != nil {
			return err
		}
		batch = batch[:0]
	}
}

func consumeLate(ctx context.Context, c *kafka.Consumer) error {
	var batch []*kafka.Message
	for {
		m, err := c.ReadMessage(100 * time.Millisecond)
		if err == nil {
			batch = append(batch, m)
		}
		if len(batch) < 100 {
			continue
		}
		offs := make([]kafka.TopicPartition, 0, len(batch))
		for _, b := range batch {
			tp := b.TopicPartition
			tp.Offset++
			offs = append(offs, tp)
		}
		if err := write(ctx, batch); err != nil {
			return err
		}
		if _, err := c.CommitOffsets(offs); err != nil {
			log.Printf("commit: %v", err)
		}
		batch = batch[:0]
	}
}

func flush(ctx context.Context, batch []*sarama.ConsumerMessage) error {
	for _, m := range batch {
		if _, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

type early struct{}

func (early) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (early) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (early) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for m := range claim.Messages() {
		batch = append(batch, m)
	}
	var next int64
	for _, m := range batch {
		if m.Offset+1 > next {
			next = m.Offset + 1
		}
	}
	sess.MarkOffset(claim.Topic(), claim.Partition(), next, "") // want `call to MarkOffset before the message is processed`
	return flush(sess.Context(), batch)
}

type late struct{}

func (late) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (late) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (late) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for m := range claim.Messages() {
		batch = append(batch, m)
	}
	var next int64
	for _, m := range batch {
		if m.Offset+1 > next {
			next = m.Offset + 1
		}
	}
	if err := flush(sess.Context(), batch); err != nil {
		return err
	}
	sess.MarkOffset(claim.Topic(), claim.Partition(), next, "")
	return nil
}

func run(ctx context.Context, g sarama.ConsumerGroup) {
	_ = g.Consume(ctx, []string{"t"}, early{})
	_ = g.Consume(ctx, []string{"t"}, late{})
}
