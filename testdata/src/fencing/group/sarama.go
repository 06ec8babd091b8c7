package group

import (
	"context"
	"errors"
	"log"

	"github.com/IBM/sarama"
)

// txnHandler runs one transaction per message.
type txnHandler struct {
	producer sarama.SyncProducer
}

func (h *txnHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *txnHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *txnHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.producer.AddMessageToTxn(msg, "enricher", nil); err != nil {
			return err
		}
		err := h.producer.CommitTxn()
		if errors.Is(err, sarama.ErrIllegalGeneration) { // want `the fencing error ErrIllegalGeneration from CommitTxn is recognised and ignored, and the loop carries on: sarama accepts no BeginTxn`
			log.Printf("stale generation: %v", err)
			continue
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// abandonHandler aborts and ends the claim on a stale generation.
type abandonHandler struct{ txnHandler }

func (h *abandonHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.producer.AddMessageToTxn(msg, "enricher", nil); err != nil {
			return err
		}
		err := h.producer.CommitTxn()
		if errors.Is(err, sarama.ErrIllegalGeneration) {
			h.producer.AbortTxn() // ok: aborted, and the claim is abandoned
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// drainErrors reads the group's Errors channel, where sarama reports
// commit errors; it rejoins by itself.
func drainErrors(ctx context.Context, g sarama.ConsumerGroup) {
	go func() {
		for err := range g.Errors() {
			switch {
			case errors.Is(err, sarama.ErrRebalanceInProgress), errors.Is(err, sarama.ErrUnknownMemberId), errors.Is(err, sarama.ErrFencedInstancedId):
				continue // ok: draining Errors() is where sarama reports them
			}
			log.Printf("consumer group: %v", err)
		}
	}()
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"raw"}, &abandonHandler{}); err != nil {
			log.Printf("consume: %v", err)
			return
		}
	}
}
