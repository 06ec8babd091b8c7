// Package kafkalib is a company library every service builds its
// franz-go consumer with, passing its own group and topic.
package kafkalib

import (
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"
)

// NewConsumer builds a group consumer whose timer commits the marks.
func NewConsumer(group, topic string) (*kgo.Client, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topic),
		kgo.AutoCommitMarks(),
	)
	if err != nil {
		return nil, fmt.Errorf("kafkalib: consumer for %s: %w", group, err)
	}
	return cl, nil
}
