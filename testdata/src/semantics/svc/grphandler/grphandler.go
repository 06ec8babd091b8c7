// Package grphandler holds sarama handlers that grpwire runs on groups
// grpcfg builds.
package grphandler

import (
	"os"
	"time"

	"github.com/IBM/sarama"
)

func write(m *sarama.ConsumerMessage) error { return os.WriteFile(string(m.Key), m.Value, 0o644) }

// Marking marks what it writes and never commits.
type Marking struct{}

func (Marking) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Marking) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (Marking) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := write(m); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

// Ticking marks what it writes; a ticker started in Setup commits the
// marks.
type Ticking struct{}

func (Ticking) Setup(sess sarama.ConsumerGroupSession) error {
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-sess.Context().Done():
				return
			case <-t.C:
				sess.Commit()
			}
		}
	}()
	return nil
}
func (Ticking) Cleanup(sess sarama.ConsumerGroupSession) error { sess.Commit(); return nil }
func (Ticking) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := write(m); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}
