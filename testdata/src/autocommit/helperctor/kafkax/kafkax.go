// Package kafkax builds the consumer groups cmd runs its handlers on
// (OpenTelemetry's internal/kafka shape): two with auto-commit off, one
// with sarama's defaults; and a kafka-go reader and a franz-go client
// with their clients' defaults.
package kafkax

import (
	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// NewManualGroup returns a group that commits only when told to.
func NewManualGroup(brokers []string, group string) (sarama.ConsumerGroup, error) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	return sarama.NewConsumerGroup(brokers, group, cfg)
}

// NewBatchGroup returns a group that commits only when told to, for
// handlers committing their batches.
func NewBatchGroup(brokers []string, group string) (sarama.ConsumerGroup, error) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	return sarama.NewConsumerGroup(brokers, group, cfg)
}

// NewGroup returns a group with sarama's defaults: marks are committed
// every second.
func NewGroup(brokers []string, group string) (sarama.ConsumerGroup, error) {
	return sarama.NewConsumerGroup(brokers, group, sarama.NewConfig())
}

// NewReader returns a group reader of topic.
func NewReader(topic string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "audit", Topic: topic})
}

// NewAlerts returns a franz-go group member of alerts, which commits
// what the previous poll returned when it polls again.
func NewAlerts() (*kgo.Client, error) { // want NewAlerts:`settingFixes\(marks-only=true\)`
	return kgo.NewClient(kgo.SeedBrokers("localhost:9092"), kgo.ConsumerGroup("alerts"), kgo.ConsumeTopics("alerts"))
}
