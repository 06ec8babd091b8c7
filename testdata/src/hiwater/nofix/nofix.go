// Package nofix holds hiwater findings reported without a fix: the
// analysis classifies the concurrency (a real bug), but no fix that is
// sure to compile and be right can be built for it (doc.go's "Reported
// without a fix"). Each positive has a silent twin.
package nofix

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

func handle(ctx context.Context, m kafka.Message) error { return nil }

func handleMessage(m *sarama.ConsumerMessage) error { return nil }

// fetch feeds the reader's messages to a channel, closed when a fetch
// fails (the reader is closed, or ctx done).
func fetch(ctx context.Context, r *kafka.Reader) <-chan kafka.Message {
	msgs := make(chan kafka.Message)
	go func() {
		defer close(msgs)
		for {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			msgs <- m
		}
	}()
	return msgs
}

// selfDrained copies each message to another topic through an async
// producer and drains its reports in the select receiving the messages,
// marking the message each success carries: reports come in any order,
// and waiting for each in the loop would wait for itself.
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
			sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage), "") // want `call to MarkMessage with the message of a delivery report from Successes: .*; no automatic fix: the loop drains the reports itself`
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
// still in flight.
type awaitedDeliveries struct{ producer sarama.AsyncProducer }

func (awaitedDeliveries) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (awaitedDeliveries) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h awaitedDeliveries) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
		select {
		case s := <-h.producer.Successes():
			sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage), "") // want `call to MarkMessage with the message of a delivery report from Successes: .*; no automatic fix: the loop drains the reports itself`
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
