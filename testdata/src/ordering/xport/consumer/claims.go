package consumer

import (
	"github.com/IBM/sarama"

	"ordering/xport/ports"
)

// ClaimHandler hands each message's payload to the ledger it is built
// with, then marks the message.
type ClaimHandler struct {
	ledger ports.Ledger
}

func NewClaimHandler(ledger ports.Ledger) *ClaimHandler { // want NewClaimHandler:`handsToPort\(0.Append\[0\] MarkMessage\)`
	return &ClaimHandler{ledger: ledger}
}

func (h *ClaimHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *ClaimHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *ClaimHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.ledger.Append(ports.Payload{TxID: string(msg.Key)})
		sess.MarkMessage(msg, "")
	}
	return nil
}
