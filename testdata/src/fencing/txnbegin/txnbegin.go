// Package txnbegin: consume-transform-produce loops whose transaction
// begin fails and is only logged or discarded while the loop moves on to
// the next record, beside loops that stop.
package txnbegin

import (
	"context"
	"log"
	"time"

	ckafka "github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"
)

const group = "enricher"

type handler struct {
	producer sarama.SyncProducer
}

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// transform produces the enriched message and adds the consumed offset to
// the open transaction, then commits it.
func (h *handler) transform(msg *sarama.ConsumerMessage) error {
	if _, _, err := h.producer.SendMessage(&sarama.ProducerMessage{Topic: "enriched", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
		if abortErr := h.producer.AbortTxn(); abortErr != nil {
			return abortErr
		}
		return err
	}
	if err := h.producer.AddMessageToTxn(msg, group, nil); err != nil {
		if abortErr := h.producer.AbortTxn(); abortErr != nil {
			return abortErr
		}
		return err
	}
	if err := h.producer.CommitTxn(); err != nil {
		if abortErr := h.producer.AbortTxn(); abortErr != nil {
			return abortErr
		}
		return err
	}
	return nil
}

// skips logs a failed BeginTxn and moves on to the next message.
type skips struct{ handler }

func (h *skips) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.producer.BeginTxn(); err != nil { // want `the error of BeginTxn is only logged while the loop carries on: the message it was for goes unprocessed, and any later transaction that commits takes its offset past it, so it is lost for good \(at-most-once\)`
			log.Printf("begin txn at offset %d: %v", msg.Offset, err)
			continue
		}
		if err := h.transform(msg); err != nil {
			return err
		}
	}
	return nil
}

// stops is skips' twin: the session ends and the message is read again.
type stops struct{ handler }

func (h *stops) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.producer.BeginTxn(); err != nil { // ok: returned
			return err
		}
		if err := h.transform(msg); err != nil {
			return err
		}
	}
	return nil
}

// beginOnce begins a transaction outside any consume loop: its caller
// decides what a failure means.
func beginOnce(p sarama.SyncProducer) {
	if err := p.BeginTxn(); err != nil { // ok: not in a consume loop
		log.Printf("begin txn: %v", err)
	}
}

// relay copies messages with confluent-kafka-go in transactions and drops
// BeginTransaction's error.
func relay(ctx context.Context, c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		p.BeginTransaction() // want `the error of BeginTransaction is discarded while the loop carries on: the message it was for goes unprocessed`
		if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil {
			return err
		}
	}
}

// relayChecked is relay's twin.
func relayChecked(ctx context.Context, c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := p.BeginTransaction(); err != nil { // ok: returned
			return err
		}
		if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil {
			return err
		}
	}
}

// emitter produces a record's output in the client's open transaction.
type emitter interface {
	Emit(ctx context.Context, cl *kgo.Client, r *kgo.Record)
}

// batches polls a franz-go transactional session and logs a failed Begin,
// then produces the poll anyway.
func batches(ctx context.Context, s *kgo.GroupTransactSession, out emitter) {
	for {
		fs := s.PollFetches(ctx)
		if err := s.Begin(); err != nil { // want `the error of Begin is only logged while the loop carries on: the records it was for go unprocessed, and any later transaction that commits takes its offsets past them, so they are lost for good \(at-most-once\)`
			log.Printf("begin: %v", err)
		}
		fs.EachRecord(func(r *kgo.Record) {
			out.Emit(ctx, s.Client(), r)
		})
		if committed, err := s.End(ctx, kgo.TryCommit); err != nil || !committed {
			return
		}
	}
}

// batchesStop is batches' twin.
func batchesStop(ctx context.Context, s *kgo.GroupTransactSession, out emitter) error {
	for {
		fs := s.PollFetches(ctx)
		if err := s.Begin(); err != nil { // ok: returned
			return err
		}
		fs.EachRecord(func(r *kgo.Record) {
			out.Emit(ctx, s.Client(), r)
		})
		if committed, err := s.End(ctx, kgo.TryCommit); err != nil || !committed {
			return err
		}
	}
}
