// Package kafkalib is a company library every service builds its
// franz-go consumer with, passing its own group and topic.
package kafkalib

import "github.com/twmb/franz-go/pkg/kgo"

// NewConsumer builds a group consumer whose timer commits the marks.
func NewConsumer(group, topic string) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topic),
		kgo.AutoCommitMarks(),
	)
}
