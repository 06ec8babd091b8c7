// Package saramashopify holds hiwater cases for the old import path
// github.com/Shopify/sarama.
package saramashopify

import (
	"github.com/Shopify/sarama"
)

func process(m *sarama.ConsumerMessage) {}

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go func() {
			process(msg)
			sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "") // want `MarkOffset from a per-record goroutine: records of a partition finish out of order and sarama marks are forward-only`
		}()
	}
	return nil
}

type sequential struct{ handler }

func (sequential) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		process(msg)
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "") // ok: messages of the claim in order
	}
	return nil
}
