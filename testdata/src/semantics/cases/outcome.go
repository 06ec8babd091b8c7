package cases

import (
	"context"
	"errors"
	"log"

	"github.com/IBM/sarama"
)

// status says what became of a message.
type status int

const (
	statusApplied status = iota
	statusRetryLater
	statusRejected
)

// applyStatus logs a failed apply and answers statusRetryLater.
func applyStatus(v []byte) status {
	if len(v) == 0 {
		return statusRejected
	}
	if err := apply(v); err != nil {
		log.Printf("apply: %v", err)
		return statusRetryLater
	}
	return statusApplied
}

// statusLogged stops on a rejected message only: a message to retry
// later is logged and marked past (trial 41d/D2: at-least-once, 3 of
// 300 lost without a crash).
type statusLogged struct{}

func (statusLogged) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (statusLogged) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (statusLogged) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		switch out := applyStatus(msg.Value); out {
		case statusRejected:
			return errors.New("rejected")
		case statusApplied:
		default:
			log.Printf("offset %d: %d", msg.Offset, out)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runStatusLogged(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-status-logged", sarama.NewConfig()) // case: statuslogged
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, statusLogged{})
}

// statusStops stops on a message to retry later too.
type statusStops struct{}

func (statusStops) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (statusStops) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (statusStops) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		switch applyStatus(msg.Value) {
		case statusRetryLater:
			return errors.New("retry later")
		case statusRejected:
			log.Printf("offset %d rejected", msg.Offset)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runStatusStops(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-status-stops", sarama.NewConfig()) // case: statusstops
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, statusStops{})
}

var _, _ = runStatusLogged, runStatusStops
