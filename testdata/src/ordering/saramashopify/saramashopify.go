// Package saramashopify holds ordering cases for the old
// github.com/Shopify/sarama path (v1.38.1 marks and commits the same way).
package saramashopify

import (
	"context"
	"encoding/json"

	"github.com/Shopify/sarama"
)

type order struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type store interface {
	Upsert(ctx context.Context, o order) error
}

type indexer struct {
	db store
}

func (ix *indexer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ix *indexer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (ix *indexer) index(ctx context.Context, msg *sarama.ConsumerMessage) error {
	var o order
	if err := json.Unmarshal(msg.Value, &o); err != nil {
		return err
	}
	return ix.db.Upsert(ctx, o)
}

func (ix *indexer) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed: with auto-commit on, a crash between them loses the message \(at-most-once\)`
			if err := ix.index(sess.Context(), msg); err != nil {
				return err
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

// safe is the twin: index, then mark.
type safe struct{ *indexer }

func (s safe) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := s.index(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: marked after processing
	}
	return nil
}

func run(ctx context.Context, db store) error {
	group, err := sarama.NewConsumerGroup([]string{"k:9092"}, "indexer", sarama.NewConfig())
	if err != nil {
		return err
	}
	defer group.Close()
	ix := &indexer{db: db}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"orders"}, ix); err != nil {
			return err
		}
		if err := group.Consume(ctx, []string{"orders-v2"}, safe{ix}); err != nil {
			return err
		}
	}
	return nil
}
