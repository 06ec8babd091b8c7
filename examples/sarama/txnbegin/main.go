// Command txnbegin enriches click events from the "clicks" topic and
// produces them to "clicks-enriched" with a transactional sarama producer,
// committing each consumed offset in the same transaction.
//
// BUG (fencing skipped-txn-begin-failure): when BeginTxn fails the handler
// logs it and moves on to the next message. The skipped message is never
// enriched, and the next transaction that commits adds a later message's
// offset, which moves the group past the skipped one: it is lost for good,
// although every other failure returns and lets the claim restart from the
// last committed transaction. Twin: sarama/txnabort.
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/IBM/sarama"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

const group = "click-enricher"

type enricher struct {
	producer sarama.SyncProducer
}

func (e *enricher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (e *enricher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (e *enricher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := e.producer.BeginTxn(); err != nil { // finding: fencing skipped-txn-begin-failure
			log.Printf("begin txn at %s/%d@%d: %v", msg.Topic, msg.Partition, msg.Offset, err)
			continue
		}
		out := &sarama.ProducerMessage{Topic: "clicks-enriched", Key: sarama.ByteEncoder(msg.Key), Value: sarama.ByteEncoder(msg.Value)}
		if _, _, err := e.producer.SendMessage(out); err != nil {
			return fmt.Errorf("send: %w", err)
		}
		if err := e.producer.AddMessageToTxn(msg, group, nil); err != nil {
			return fmt.Errorf("add offset: %w", err)
		}
		if err := e.producer.CommitTxn(); err != nil {
			if abortErr := e.producer.AbortTxn(); abortErr != nil {
				return fmt.Errorf("abort txn after %v: %w", err, abortErr)
			}
			return fmt.Errorf("commit txn at %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
		}
	}
	return nil
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Version = sarama.V3_6_0_0
	config.Producer.Idempotent = true
	config.Producer.RequiredAcks = sarama.WaitForAll
	config.Producer.Return.Successes = true
	config.Producer.Transaction.ID = "click-enricher-1"
	config.Net.MaxOpenRequests = 1
	config.Consumer.IsolationLevel = sarama.ReadCommitted
	config.Consumer.Offsets.AutoCommit.Enable = false

	producer, err := sarama.NewSyncProducer(demo.Brokers(), config)
	if err != nil {
		return fmt.Errorf("new producer: %w", err)
	}
	defer producer.Close()

	group, err := sarama.NewConsumerGroup(demo.Brokers(), group, config)
	if err != nil {
		return fmt.Errorf("new consumer group: %w", err)
	}
	defer group.Close()

	h := &enricher{producer: producer}
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"clicks"}, h); err != nil {
			if errors.Is(err, sarama.ErrClosedConsumerGroup) {
				return nil
			}
			return fmt.Errorf("consume: %w", err)
		}
	}
	return nil
}
