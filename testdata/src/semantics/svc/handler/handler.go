// Package handler is a sarama handler marking after processing, with the
// commit deferred to the end of the claim.
package handler

import "github.com/IBM/sarama"

func apply(*sarama.ConsumerMessage) error { return nil }

type Marks struct{}

func (*Marks) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Marks) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (*Marks) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer sess.Commit()
	for msg := range claim.Messages() {
		if err := apply(msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
