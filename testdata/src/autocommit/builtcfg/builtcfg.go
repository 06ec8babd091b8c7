// Package builtcfg is a service's kafka helper package: it builds and
// configures the consumers (the wiring, builtwire, calls it and hands the
// consumer to builtloop). The configuration is here, the position calls
// are in builtloop, and only the wiring sees both.
package builtcfg

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// NewConsumer builds a consumer with the librdkafka defaults: offsets are
// stored as messages are handed over, and auto-committed.
func NewConsumer(brokers, group, topic string) (*kafka.Consumer, error) { // want NewConsumer:`settingFixes\(auto-store=false\)`
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers": brokers,
		"group.id":          group,
	})
	if err != nil {
		return nil, err
	}
	if err := c.SubscribeTopics([]string{topic}, nil); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// NewStoringConsumer builds a consumer whose offsets are stored by the
// application: auto-store off.
func NewStoringConsumer(brokers, group, topic string) (*kafka.Consumer, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 group,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return nil, err
	}
	if err := c.SubscribeTopics([]string{topic}, nil); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// NewClient builds a franz-go group client with the default auto-commit:
// marks are ignored.
func NewClient(group, topic string) (*kgo.Client, error) { // want NewClient:`settingFixes\(marks-only=true\)`
	return kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topic),
	)
}

// NewMarkingClient is NewClient with AutoCommitMarks.
func NewMarkingClient(group, topic string) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topic),
		kgo.AutoCommitMarks(),
	)
}
