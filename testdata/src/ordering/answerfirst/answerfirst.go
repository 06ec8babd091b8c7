// Package answerfirst marks before a processing that answers with a bool
// or a status the loop then tests: the fix moves the mark past those
// tests, not between the call and them (trial 41e/D17, D18: the fixed
// code marked refused messages, 3 of 300 lost, and re-linted silent).
package answerfirst

import (
	"context"
	"errors"
	"log"
	"os"

	"github.com/IBM/sarama"
)

var errRefused = errors.New("refused")

func apply(v []byte) bool { return os.WriteFile("/tmp/applied", v, 0o644) == nil }

func post(v []byte) int {
	if err := os.WriteFile("/tmp/posted", v, 0o644); err != nil {
		return 503
	}
	return 200
}

type boolHandler struct{}

func (boolHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (boolHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (boolHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
		applied := apply(msg.Value)
		if !applied {
			return errRefused
		}
	}
	return nil
}

type statusHandler struct{}

func (statusHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (statusHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (statusHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
		code := post(msg.Value)
		if code >= 500 {
			return errRefused
		}
		if code >= 400 {
			log.Printf("offset %d rejected (%d), dropping", msg.Offset, code)
		}
	}
	return nil
}

func run(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-answer", sarama.NewConfig())
	_ = g.Consume(ctx, []string{"t"}, boolHandler{})
	_ = g.Consume(ctx, []string{"t"}, statusHandler{})
}

var _ = run
