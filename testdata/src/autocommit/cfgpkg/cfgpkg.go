// Package cfgpkg exports consumer config helpers; the consumer analysis
// exports a ConfigFact for each, so consumers in other packages
// (autocommit/cfguser) are checked with the settings the helper makes.
package cfgpkg

import (
	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// ConsumerConfig disables the auto-store: callers store after processing.
func ConsumerConfig() *kafka.ConfigMap { // want ConsumerConfig:`config\(auto-store=false\)`
	return &kafka.ConfigMap{
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "shared",
		"enable.auto.offset.store": false,
	}
}

// DefaultConfig leaves librdkafka's defaults.
func DefaultConfig() *kafka.ConfigMap { // want DefaultConfig:`config\(\)`
	cfg := &kafka.ConfigMap{"bootstrap.servers": "localhost:9092"}
	_ = cfg.SetKey("group.id", "shared")
	return cfg
}

// FromEnv's map comes from its argument: its settings are not known.
func FromEnv(m kafka.ConfigMap) *kafka.ConfigMap { // want FromEnv:`config\(opaque\)`
	return &m
}

// Opts adds a greedy auto-commit. The autocommit analyzer reports it here
// (this scenario runs the consumer analysis; autocommit/greedyopts has the
// cases), and the golden removes it.
func Opts(group string) []kgo.Opt { // want Opts:`config\(greedy=true group=true\)`
	return []kgo.Opt{kgo.ConsumerGroup(group), kgo.GreedyAutoCommit()}
}

// Manual returns a sarama config with auto-commit off.
func Manual() *sarama.Config { // want Manual:`config\(auto-commit=false\)`
	c := sarama.NewConfig()
	c.Consumer.Offsets.AutoCommit.Enable = false
	return c
}

// Reader returns a group reader config.
func Reader(group string) kafkago.ReaderConfig { // want Reader:`config\(group=true\)`
	return kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: group, Topic: "t"}
}
