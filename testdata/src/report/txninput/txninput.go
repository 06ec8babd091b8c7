// Package txninput: transactional sarama consumers that produce through
// an AsyncProducer's Input() channel. CommitTxn waits for what was sent
// (it flushes the producer), so the send is part of the transaction, not
// a hand-off to goroutines of the application.
package txninput

import (
	"context"
	"fmt"

	"github.com/IBM/sarama"
)

type relay struct {
	producer sarama.AsyncProducer
	group    string
}

func (relay) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (relay) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim sends each message's copy on Input() and commits it with
// the consumed offset in one transaction; a failure aborts and returns,
// which ends the session, so the claim resumes from the committed offset.
func (r relay) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := r.producer.BeginTxn(); err != nil {
			return err
		}
		r.producer.Input() <- &sarama.ProducerMessage{Topic: "copies", Key: sarama.ByteEncoder(msg.Key), Value: sarama.ByteEncoder(msg.Value)}
		if err := r.producer.AddMessageToTxn(msg, r.group, nil); err != nil {
			if aerr := r.producer.AbortTxn(); aerr != nil {
				return aerr
			}
			return fmt.Errorf("add offset: %w", err)
		}
		if err := r.producer.CommitTxn(); err != nil {
			if aerr := r.producer.AbortTxn(); aerr != nil {
				return aerr
			}
			return fmt.Errorf("commit txn: %w", err)
		}
	}
	return nil
}

func Run(ctx context.Context, brokers []string) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	p, err := sarama.NewAsyncProducer(brokers, cfg)
	if err != nil {
		return err
	}
	g, err := sarama.NewConsumerGroup(brokers, "txn-input", cfg)
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"originals"}, relay{producer: p, group: "txn-input"})
}
