// Package embedbase is a handler other packages embed (trial 32a/1: the
// method a package adds beside the promoted ones made the consumer model
// panic on the promoted methods' wrappers, which belong to no package).
package embedbase

import "github.com/IBM/sarama"

type GroupConsumerBase struct{}

func (g *GroupConsumerBase) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (g *GroupConsumerBase) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (g *GroupConsumerBase) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // case: embedbase
	for m := range claim.Messages() {
		session.MarkMessage(m, "")
	}
	return nil
}
