// Package saramashopify: the old github.com/Shopify/sarama path behaves
// the same.
package saramashopify

import (
	"fmt"

	"github.com/Shopify/sarama"
)

type handler struct {
	producer sarama.SyncProducer
}

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.producer.BeginTxn(); err != nil {
			return err
		}
		if err := h.producer.AddMessageToTxn(msg, "g", nil); err != nil {
			return err
		}
		_ = h.producer.CommitTxn() // want `the error of CommitTxn is discarded while the loop carries on: sarama accepts no BeginTxn`
	}
	return nil
}

type correct struct{ handler }

func (h *correct) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.producer.BeginTxn(); err != nil {
			return err
		}
		if err := h.producer.AddMessageToTxn(msg, "g", nil); err != nil {
			return err
		}
		if err := h.producer.CommitTxn(); err != nil { // ok: aborted and returned
			if abortErr := h.producer.AbortTxn(); abortErr != nil {
				return abortErr
			}
			return fmt.Errorf("commit txn: %w", err)
		}
	}
	return nil
}
