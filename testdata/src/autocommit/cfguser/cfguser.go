// Package cfguser builds consumers from the config helpers of
// autocommit/cfgpkg: their settings arrive as facts.
package cfguser

import (
	"context"
	"fmt"
	"time"

	"autocommit/cfgpkg"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func process(v []byte) error {
	if v == nil {
		return fmt.Errorf("nil value")
	}
	return nil
}

// storeAfter stores after processing; cfgpkg.ConsumerConfig turned the
// auto-store off.
func storeAfter() error {
	c, err := kafka.NewConsumer(cfgpkg.ConsumerConfig()) // ok: the fact says auto-store is off
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

// defaults reads with cfgpkg.DefaultConfig, which keeps the auto-store.
func defaults() error {
	cfg := cfgpkg.DefaultConfig()
	c, err := kafka.NewConsumer(cfg) // want `enable.auto.commit and enable.auto.offset.store are on`
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
	}
}

// defaultsInline passes the helper's result straight to NewConsumer: the
// same bug as defaults: the fix binds the map to a variable to set the key.
func defaultsInline() error {
	c, err := kafka.NewConsumer(cfgpkg.DefaultConfig()) // want `enable.auto.commit and enable.auto.offset.store are on`
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
	}
}

// fromEnv's config is opaque even through the fact.
func fromEnv(m kafka.ConfigMap) error {
	c, err := kafka.NewConsumer(cfgpkg.FromEnv(m)) // ok: opaque config
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err == nil {
			_ = process(msg.Value)
		}
	}
}

// greedy gets GreedyAutoCommit from cfgpkg.Opts: no option added here can
// turn it off (NewClient rejects it next to DisableAutoCommit or
// AutoCommitMarks), so it is reported in cfgpkg, where the fix removes it.
func greedy(ctx context.Context) error {
	cl, err := kgo.NewClient(cfgpkg.Opts("shared")...) // ok: reported in cfgpkg at the option (its fix removes it there)
	if err != nil {
		return err
	}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			if err := process(r.Value); err != nil {
				return err
			}
		}
	}
}

type marker struct{}

func (marker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (marker) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (marker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// manualSarama gets auto-commit off from cfgpkg.Manual and never commits.
func manualSarama(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "shared", cfgpkg.Manual()) // want `auto-commit is off and the handler never calls Commit`
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, marker{})
}

// groupReader reads with ReadMessage on cfgpkg.Reader's group config.
func groupReader(ctx context.Context) error {
	r := kafkago.NewReader(cfgpkg.Reader("shared"))
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		if err := process(m.Value); err != nil {
			return err
		}
	}
}
