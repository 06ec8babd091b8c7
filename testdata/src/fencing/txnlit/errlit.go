package txnlit

import (
	"context"
	"log"
	"time"

	ckafka "github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"github.com/IBM/sarama"
)

// Literals that return an error, and still let the loop carry on.

// nilOnBegin returns nil from the literal when BeginTxn fails: the loop
// stops on the literal's errors, but never sees this one.
type nilOnBegin struct{ handler }

func (h *nilOnBegin) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := func() error {
			h.mu.Lock()
			defer h.mu.Unlock()
			if err := h.producer.BeginTxn(); err != nil { // want `the error of BeginTxn is only logged, and the function literal returns nil, so the loop carries on: the message it was for goes unprocessed`
				log.Printf("begin txn: %v", err)
				return nil
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

// relayDropped returns CommitTransaction's error from the literal, whose
// result the loop discards.
func relayDropped(ctx context.Context, c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		func() error {
			if err := p.BeginTransaction(); err != nil {
				log.Fatalf("begin: %v", err)
			}
			if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
				log.Fatalf("produce: %v", err)
			}
			if err := p.CommitTransaction(ctx); err != nil { // want `the error of CommitTransaction is returned by the function literal, whose result the loop discards, so the loop carries on`
				return err
			}
			return nil
		}()
	}
}

// relayLogged returns CommitTransaction's error from the literal, whose
// errors the loop only logs, as it does for a message it cannot produce.
func relayLogged(ctx context.Context, c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := func() error {
			if err := p.BeginTransaction(); err != nil {
				log.Fatalf("begin: %v", err)
			}
			if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
				log.Fatalf("produce: %v", err)
			}
			if err := p.CommitTransaction(ctx); err != nil { // want `the error of CommitTransaction is returned by the function literal, whose error the loop only logs, so the loop carries on`
				return err
			}
			return nil
		}(); err != nil {
			log.Printf("relay offset %v: %v", msg.TopicPartition.Offset, err)
		}
	}
}

// relayLoggedStops is relayLogged's twin: the loop stops when the
// transaction failed to commit.
func relayLoggedStops(ctx context.Context, c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		txnFailed := false
		if err := func() error {
			if err := p.BeginTransaction(); err != nil {
				log.Fatalf("begin: %v", err)
			}
			if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
				log.Fatalf("produce: %v", err)
			}
			if err := p.CommitTransaction(ctx); err != nil { // ok: the loop returns a failed commit
				txnFailed = true
				return err
			}
			return nil
		}(); err != nil {
			log.Printf("relay offset %v: %v", msg.TopicPartition.Offset, err)
			if txnFailed {
				return err
			}
		}
	}
}

// relayBothLogged returns the failures of BeginTransaction and of
// CommitTransaction from the literal, whose errors the loop only logs:
// both fixes stop the loop on one flag.
func relayBothLogged(ctx context.Context, c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := func() error {
			if err := p.BeginTransaction(); err != nil { // want `the error of BeginTransaction is returned by the function literal, whose error the loop only logs, so the loop carries on`
				return err
			}
			if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
				log.Fatalf("produce: %v", err)
			}
			if err := p.CommitTransaction(ctx); err != nil { // want `the error of CommitTransaction is returned by the function literal, whose error the loop only logs, so the loop carries on`
				return err
			}
			return nil
		}(); err != nil {
			log.Printf("relay offset %v: %v", msg.TopicPartition.Offset, err)
		}
	}
}
