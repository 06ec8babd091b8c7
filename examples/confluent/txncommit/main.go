// Command txncommit masks card numbers in events from the "card-events"
// topic and produces them to "card-events-masked", committing the consumed
// offsets in the same Kafka transaction (consume-transform-produce).
//
// BUG (fencing swallowed-commit-error): a failed CommitTransaction is only
// logged and the loop reads on. librdkafka begins no new transaction until
// the failed one is aborted (an abortable error) or ever (a fatal one), so
// the next BeginTransaction fails and the consumer stops making progress
// (here it exits; a restart redoes the records from the committed offsets:
// nothing is lost). Aborting here and reading on would lose the failed
// message instead (abort without rewind). Twin: confluent/txnabort.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"regexp"
	"syscall"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
)

var pan = regexp.MustCompile(`\b\d{12}(\d{4})\b`)

func mask(in *kafka.Message, topic *string) *kafka.Message {
	return &kafka.Message{
		TopicPartition: kafka.TopicPartition{Topic: topic, Partition: kafka.PartitionAny},
		Key:            in.Key,
		Value:          pan.ReplaceAll(in.Value, []byte("************$1")),
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  demo.Bootstrap(),
		"group.id":           "card-masker",
		"enable.auto.commit": false,
		"isolation.level":    "read_committed",
	})
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()
	p, err := kafka.NewProducer(&kafka.ConfigMap{"bootstrap.servers": demo.Bootstrap(), "transactional.id": "card-masker-1"})
	if err != nil {
		return fmt.Errorf("new producer: %w", err)
	}
	defer p.Close()
	if err := p.InitTransactions(ctx); err != nil {
		return fmt.Errorf("init transactions: %w", err)
	}
	if err := c.SubscribeTopics([]string{"card-events"}, nil); err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}

	out := "card-events-masked"
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue // timeouts; fatal errors surface from the transaction calls
		}
		if err := p.BeginTransaction(); err != nil {
			return fmt.Errorf("begin transaction: %w", err)
		}
		if err := p.Produce(mask(msg, &out), nil); err != nil {
			return fmt.Errorf("produce: %w", err)
		}
		md, err := c.GetConsumerGroupMetadata()
		if err != nil {
			return fmt.Errorf("group metadata: %w", err)
		}
		next := msg.TopicPartition
		next.Offset++
		if err := p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{next}, md); err != nil {
			return fmt.Errorf("send offsets: %w", err)
		}
		if err := p.CommitTransaction(ctx); err != nil { // finding: fencing swallowed-commit-error
			log.Printf("commit transaction for %s: %v", msg.TopicPartition, err)
		}
	}
	return nil
}
