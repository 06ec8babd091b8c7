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

// postCode answers an HTTP-like status: 0 when the write failed.
func postCode(v []byte) int {
	if err := apply(v); err != nil {
		log.Printf("post: %v", err)
		return 0
	}
	return 201
}

// codeHandler stops on a server error only: the 0 of a failed write
// falls through to the mark (trial 41e/D4: at-least-once, 3 of 300 lost).
type codeHandler struct{}

func (codeHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (codeHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (codeHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		code := postCode(msg.Value)
		if code >= 500 {
			return errors.New("server error")
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// codeStops stops on anything but a success.
type codeStops struct{}

func (codeStops) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (codeStops) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (codeStops) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if code := postCode(msg.Value); code < 200 || code >= 300 {
			return errors.New("not posted")
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runCodes(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-code-500", sarama.NewConfig())   // case: code500
	b, _ := sarama.NewConsumerGroup(nil, "g-code-stops", sarama.NewConfig()) // case: codestops
	_ = a.Consume(ctx, []string{"t"}, codeHandler{})
	_ = b.Consume(ctx, []string{"t"}, codeStops{})
}

var _ = runCodes
