// Package kafkax builds consumer groups from the configuration its
// callers pass (config in main, group in a library).
package kafkax

import "github.com/IBM/sarama"

// NewGroup returns a member of group, configured by cfg.
func NewGroup(brokers []string, group string, cfg *sarama.Config) (sarama.ConsumerGroup, error) {
	return sarama.NewConsumerGroup(brokers, group, cfg)
}
