// Package retryclosure marks a message before a retry helper runs the
// closure saving it (fix-quality hunt 46x/D1: a crash during the save or
// its retries loses the message), and the twin marking after.
package retryclosure

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/IBM/sarama"
)

var db *sql.DB

func save(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", v)
	return err
}

// retryDo calls op up to attempts times, pausing between tries.
func retryDo(ctx context.Context, attempts int, op func(context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 20 * time.Millisecond)
	}
	return err
}

type early struct{}

func (early) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (early) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (early) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
		err := retryDo(sess.Context(), 3, func(ctx context.Context) error {
			return save(ctx, msg.Value)
		})
		if err != nil {
			return fmt.Errorf("offset %d: %w", msg.Offset, err)
		}
	}
	return nil
}

type late struct{}

func (late) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (late) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (late) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		err := retryDo(sess.Context(), 3, func(ctx context.Context) error {
			return save(ctx, msg.Value)
		})
		if err != nil {
			return fmt.Errorf("offset %d: %w", msg.Offset, err)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func run(ctx context.Context, g sarama.ConsumerGroup) {
	_ = g.Consume(ctx, []string{"t"}, early{})
	_ = g.Consume(ctx, []string{"t"}, late{})
}
