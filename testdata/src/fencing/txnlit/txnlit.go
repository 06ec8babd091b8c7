// Package txnlit: consume-transform-produce loops whose transaction runs
// in a function literal called in place, for its defers; the literal's
// return ends only the literal, and the loop moves on to the next record
// as a continue would.
package txnlit

import (
	"context"
	"log"
	"sync"
	"time"

	ckafka "github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"github.com/IBM/sarama"
)

const group = "enricher"

type handler struct {
	producer sarama.SyncProducer
	mu       sync.Mutex
}

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// logsCommit logs a failed CommitTxn and returns from the literal: the
// producer accepts no BeginTxn until AbortTxn, so every later message
// fails the same way.
type logsCommit struct{ handler }

func (h *logsCommit) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		func() {
			h.mu.Lock()
			defer h.mu.Unlock()
			if err := h.producer.BeginTxn(); err != nil {
				log.Fatalf("begin txn: %v", err)
			}
			if _, _, err := h.producer.SendMessage(&sarama.ProducerMessage{Topic: "enriched", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
				log.Fatalf("send: %v", err)
			}
			if err := h.producer.AddMessageToTxn(msg, group, nil); err != nil {
				log.Fatalf("add offset: %v", err)
			}
			if err := h.producer.CommitTxn(); err != nil { // want `the error of CommitTxn is only logged, and the return leaves only the function literal, so the loop carries on: sarama accepts no BeginTxn after a failed CommitTxn until AbortTxn is called`
				log.Printf("commit txn at offset %d: %v", msg.Offset, err)
				return
			}
		}()
	}
	return nil
}

// returnsCommit is logsCommit's twin: the literal aborts and returns the
// error, and the session ends, so the message is read again.
type returnsCommit struct{ handler }

func (h *returnsCommit) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := func() error {
			h.mu.Lock()
			defer h.mu.Unlock()
			if err := h.producer.BeginTxn(); err != nil {
				return err
			}
			if _, _, err := h.producer.SendMessage(&sarama.ProducerMessage{Topic: "enriched", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
				return err
			}
			if err := h.producer.AddMessageToTxn(msg, group, nil); err != nil {
				return err
			}
			if err := h.producer.CommitTxn(); err != nil { // ok: returned after the abort, and the loop returns it
				if abortErr := h.producer.AbortTxn(); abortErr != nil {
					return abortErr
				}
				return err
			}
			return nil
		}(); err != nil {
			return err
		}
	}
	return nil
}

// relay copies messages with confluent-kafka-go, each in a literal that
// discards CommitTransaction's error: the consumer has moved past the
// message, so its output is lost.
func relay(ctx context.Context, c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		func() {
			start := time.Now()
			defer func() { log.Printf("relayed in %v", time.Since(start)) }()
			if err := p.BeginTransaction(); err != nil {
				log.Fatalf("begin: %v", err)
			}
			if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
				log.Fatalf("produce: %v", err)
			}
			p.CommitTransaction(ctx) // want `the error of CommitTransaction is discarded while the loop carries on: confluent-kafka-go accepts no BeginTransaction after a failed CommitTransaction`
		}()
	}
}

// relayStops is relay's twin: a failed commit stops the process, and the
// restarted consumer resumes from the last committed transaction.
func relayStops(ctx context.Context, c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		func() {
			start := time.Now()
			defer func() { log.Printf("relayed in %v", time.Since(start)) }()
			if err := p.BeginTransaction(); err != nil {
				log.Fatalf("begin: %v", err)
			}
			if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
				log.Fatalf("produce: %v", err)
			}
			if err := p.CommitTransaction(ctx); err != nil { // ok: the process stops
				log.Fatalf("commit transaction: %v", err)
			}
		}()
	}
}
