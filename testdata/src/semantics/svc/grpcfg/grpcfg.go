// Package grpcfg builds the sarama groups of grpwire, with auto-commit
// off: the handlers of grphandler are to commit.
package grpcfg

import "github.com/IBM/sarama"

// NewGroup builds a group with auto-commit off.
func NewGroup(group string) (sarama.ConsumerGroup, error) {
	c := sarama.NewConfig()
	c.Consumer.Offsets.AutoCommit.Enable = false
	return sarama.NewConsumerGroup([]string{"127.0.0.1:9092"}, group, c)
}
