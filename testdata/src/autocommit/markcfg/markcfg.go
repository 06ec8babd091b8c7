// Package markcfg builds the service's consumer groups.
package markcfg

import "github.com/IBM/sarama"

// NewGroup builds a group with auto-commit off: its handlers commit.
func NewGroup(group string) (sarama.ConsumerGroup, error) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	return sarama.NewConsumerGroup([]string{"localhost:9092"}, group, cfg)
}
