// Package facts exports config helpers: the consumer analysis exports a
// ConfigFact for each function returning a client config, and none for
// the others.
package facts

import (
	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Manual turns sarama's auto-commit off.
func Manual() *sarama.Config { // want Manual:`^config\(auto-commit=false\)$`
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	return cfg
}

// Opts adds GreedyAutoCommit when asked to.
func Opts(greedy bool) []kgo.Opt { // want Opts:`^config\(greedy=true group=true\)$`
	opts := []kgo.Opt{kgo.ConsumerGroup("g")}
	if greedy {
		opts = append(opts, kgo.GreedyAutoCommit())
	}
	return opts
}

// Map's entries come from its caller.
func Map(m kafka.ConfigMap) *kafka.ConfigMap { // want Map:`^config\(opaque\)$`
	return &m
}

// Values returns a map, not a pointer to one.
func Values() kafka.ConfigMap { // want Values:`^config\(auto-commit=false\)$`
	return kafka.ConfigMap{"enable.auto.commit": false}
}

// Brokers returns no config.
func Brokers() []string { return []string{"b"} }
