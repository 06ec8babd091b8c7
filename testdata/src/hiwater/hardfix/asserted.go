package hardfix

import (
	"log"

	"github.com/IBM/sarama"
)

// logged copies each message to another topic through an async producer;
// a drain logs and marks the message each success carries, asserted into
// a variable first. The fix waits in the loop for each message's own
// delivery (its Metadata a channel the drains forward the report to), and
// moves the drain's statements after the assertion there, after the wait.
type logged struct{ producer sarama.AsyncProducer }

func (logged) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (logged) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h logged) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go func() {
		for s := range h.producer.Successes() {
			m := s.Metadata.(*sarama.ConsumerMessage)
			log.Printf("delivered %d", m.Offset)
			sess.MarkMessage(m, "") // want `call to MarkMessage with the message of a delivery report from Successes`
		}
	}()
	go func() {
		for perr := range h.producer.Errors() {
			log.Printf("relay: %v", perr.Err)
		}
	}()
	for msg := range claim.Messages() {
		h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
	}
	return nil
}

// loggedAcked is logged's twin: the drain acknowledges each report after
// marking it and the loop waits for the acknowledgement before the next
// message, so one message is in flight at a time.
type loggedAcked struct {
	producer sarama.AsyncProducer
	acked    chan struct{}
}

func (loggedAcked) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (loggedAcked) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h loggedAcked) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go func() {
		for s := range h.producer.Successes() {
			m := s.Metadata.(*sarama.ConsumerMessage)
			log.Printf("delivered %d", m.Offset)
			sess.MarkMessage(m, "") // ok: the loop waits for each report
			h.acked <- struct{}{}
		}
	}()
	for msg := range claim.Messages() {
		h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
		<-h.acked
	}
	return nil
}
