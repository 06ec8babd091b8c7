package hardfix

import (
	"log"

	"github.com/IBM/sarama"
)

// selfDrained copies each message to another topic through an async
// producer and drains its reports in the select receiving the messages,
// marking the message each success carries: reports come in any order.
// The fix waits, after each send, for the message's own delivery (its
// Metadata a channel of its own) while draining the reports as before,
// each forwarded to its message's channel (the producer is shared by the
// claims: a report may be another claim's), and marks the message after.
type selfDrained struct{ producer sarama.AsyncProducer }

func (selfDrained) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (selfDrained) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h selfDrained) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
		case s := <-h.producer.Successes():
			sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage), "") // want `call to MarkMessage with the message of a delivery report from Successes`
		case perr := <-h.producer.Errors():
			log.Printf("relay: %v", perr.Err)
		case <-sess.Context().Done():
			return nil
		}
	}
}

// awaitedDeliveries waits after each send for a report, but the
// producer is the handler's, shared by the claims of every partition
// (ConsumeClaim runs per claim, concurrently): the report received may be
// another claim's, and this claim sends its next message while its own is
// still in flight. The fix waits for the message's own delivery, the
// select forwarding every report to its message's channel.
type awaitedDeliveries struct{ producer sarama.AsyncProducer }

func (awaitedDeliveries) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (awaitedDeliveries) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h awaitedDeliveries) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
		select {
		case s := <-h.producer.Successes():
			sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage), "") // want `call to MarkMessage with the message of a delivery report from Successes`
		case perr := <-h.producer.Errors():
			return perr.Err
		}
	}
	return nil
}

// synced is the twin of both: a synchronous producer returns each
// message's own delivery, and the loop marks it after.
type synced struct{ producer sarama.SyncProducer }

func (synced) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (synced) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h synced) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if _, _, err := h.producer.SendMessage(&sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: delivered before it is marked, one at a time
	}
	return nil
}
