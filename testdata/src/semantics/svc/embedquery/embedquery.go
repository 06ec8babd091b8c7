// Package embedquery embeds embedbase's handler and adds a method that
// marks on the session it is given.
package embedquery

import (
	"github.com/IBM/sarama"

	"semantics/svc/embedbase"
)

type Query struct {
	embedbase.GroupConsumerBase
}

func (q *Query) ProcessMessage(session sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) error {
	session.MarkMessage(m, "")
	return nil
}
