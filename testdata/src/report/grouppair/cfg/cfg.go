// Package cfg builds the sarama groups wire runs: one with auto-commit
// off, one with the default.
package cfg

import "github.com/IBM/sarama"

// NewManual builds a group with auto-commit off: its handler must Commit.
func NewManual(group string) (sarama.ConsumerGroup, error) {
	c := sarama.NewConfig()
	c.Consumer.Offsets.AutoCommit.Enable = false
	return sarama.NewConsumerGroup([]string{"127.0.0.1:9092"}, group, c)
}

// NewAuto builds a group with the default auto-commit.
func NewAuto(group string) (sarama.ConsumerGroup, error) {
	return sarama.NewConsumerGroup([]string{"127.0.0.1:9092"}, group, sarama.NewConfig())
}
