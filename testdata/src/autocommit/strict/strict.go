// Package strict: consumers that are at-least-once as written but leave
// the commit point to a timer; only -strict reports them. The same file is
// run with the default analyzer, which must stay silent.
package strict

import (
	"context"
	"fmt"
	"time"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

func process(v []byte) error {
	if len(v) == 0 {
		return fmt.Errorf("empty value")
	}
	return nil
}

// franzSync is a synchronous poll-process loop on the default auto-commit.
func franzSync(ctx context.Context) error {
	cl, err := kgo.NewClient( // want `auto-commit is on: franz-go commits every poll before the latest one every 5s`
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("strict"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := process(r.Value); err != nil {
				return err
			}
		}
	}
}

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// saramaDefault marks after processing on the default auto-commit.
func saramaDefault(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Consumer.Return.Errors = true
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "strict", config) // want `auto-commit is on: sarama commits marked offsets every 1s`
	if err != nil {
		return err
	}
	defer group.Close()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"t"}, handler{}); err != nil {
			return err
		}
	}
	return nil
}

// confluentStored stores after processing; the timer commits the stores.
func confluentStored() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `auto-commit is on: librdkafka commits the stored offsets every 5000 ms`
		"group.id":                 "strict",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := process(msg.Value); err != nil {
			return err
		}
		if _, err := c.StoreMessage(msg); err != nil {
			return err
		}
	}
}

// franzManual already commits explicitly: nothing to report, even strict.
func franzManual(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("strict"), kgo.DisableAutoCommit()) // ok: auto-commit off
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		recs := fetches.Records()
		for _, r := range recs {
			if err := process(r.Value); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			return err
		}
	}
}

// franzRange polls in the range expression: the commit goes after the
// range loop, not inside it.
func franzRange(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("strict")) // want `auto-commit is on: franz-go commits every poll before the latest one`
	if err != nil {
		return
	}
	for ctx.Err() == nil {
		for _, r := range cl.PollFetches(ctx).Records() {
			if err := process(r.Value); err != nil {
				return
			}
		}
	}
}
