// Package markhandler is the service's handlers: one marks each message // want package:`configFindings\(param:\(autocommit/markhandler\.Marking\)\.ConsumeClaim#0\[auto-commit=false\]:marks-discarded\)`
// it writes and never commits, its twin commits when the claim ends.
package markhandler

import "github.com/IBM/sarama"

func write(*sarama.ConsumerMessage) error { return nil }

// Marking marks what it writes.
type Marking struct{}

func (Marking) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Marking) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim writes and marks each message.
func (Marking) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := write(m); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

// Committing marks what it writes and commits the marks when the claim
// ends.
type Committing struct{}

func (Committing) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Committing) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim writes and marks each message, and commits on return.
func (Committing) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer sess.Commit()
	for m := range claim.Messages() {
		if err := write(m); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}
