// Command txncommit enriches click events from the "clicks" topic and
// produces them to "clicks-enriched" with a transactional sarama producer,
// committing each consumed offset in the same transaction.
//
// BUG (fencing swallowed-commit-error): a failed CommitTxn is only logged and
// the claim moves on to the next message. After the failure sarama accepts
// no BeginTxn until AbortTxn is called, so every later message fails too:
// the claim returns, the group rejoins, and the consumer stalls, alive but
// making no progress, until it is restarted (then it redoes the records
// from the committed offsets: nothing is lost, the crash experiments show
// 0 lost and the stalled records). Calling AbortTxn here and moving on
// would lose the failed message instead (abort without rewind). The fix
// aborts and returns the error. Twin: sarama/txnabort.
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
		if err := e.producer.BeginTxn(); err != nil {
			return fmt.Errorf("begin txn: %w", err)
		}
		out := &sarama.ProducerMessage{Topic: "clicks-enriched", Key: sarama.ByteEncoder(msg.Key), Value: sarama.ByteEncoder(msg.Value)}
		if _, _, err := e.producer.SendMessage(out); err != nil {
			return fmt.Errorf("send: %w", err)
		}
		if err := e.producer.AddMessageToTxn(msg, group, nil); err != nil {
			return fmt.Errorf("add offset: %w", err)
		}
		if err := e.producer.CommitTxn(); err != nil { // finding: fencing swallowed-commit-error
			log.Printf("commit txn at %s/%d@%d: %v", msg.Topic, msg.Partition, msg.Offset, err)
			continue
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
