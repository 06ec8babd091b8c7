package txnbegin

import (
	"context"
	"fmt"
	"log"
	"sync"
	"time"

	ckafka "github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"
)

// In these loops the transaction runs in a function literal called in
// place, for its defers: its return ends only the literal, and the loop
// moves on to the next record as a continue would (#17).

// litSkips begins each message's transaction in a literal that holds the
// handler's lock, and returns from the literal when BeginTxn fails.
type litSkips struct {
	handler
	mu sync.Mutex
}

func (h *litSkips) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		func() {
			h.mu.Lock()
			defer h.mu.Unlock()
			if len(msg.Value) == 0 {
				return // nothing to enrich
			}
			if err := h.producer.BeginTxn(); err != nil { // want `the error of BeginTxn is only logged, and the return leaves only the function literal, so the loop carries on: the message it was for goes unprocessed, and any later transaction that commits takes its offset past it, so it is lost for good \(at-most-once\)`
				log.Printf("begin txn at offset %d: %v", msg.Offset, err)
				return
			}
			if err := h.transform(msg); err != nil {
				log.Printf("transform: %v", err)
			}
		}()
	}
	return nil
}

// litStops is litSkips' twin: the literal returns the error and the
// session ends, so the message is read again.
type litStops struct {
	handler
	mu sync.Mutex
}

func (h *litStops) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := func() error {
			h.mu.Lock()
			defer h.mu.Unlock()
			if err := h.producer.BeginTxn(); err != nil { // ok: the literal returns the error and the loop stops on it
				return fmt.Errorf("begin txn: %w", err)
			}
			return h.transform(msg)
		}(); err != nil {
			return err
		}
	}
	return nil
}

// beginOnceLit begins a transaction in a literal outside any loop: its
// caller decides what a failure means.
func beginOnceLit(p sarama.SyncProducer, mu *sync.Mutex) {
	func() {
		mu.Lock()
		defer mu.Unlock()
		if err := p.BeginTxn(); err != nil { // ok: the literal is not in a loop
			log.Printf("begin txn: %v", err)
			return
		}
	}()
}

// relayLit copies messages with confluent-kafka-go, each in a literal
// that discards BeginTransaction's error.
func relayLit(ctx context.Context, c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		func() {
			start := time.Now()
			defer func() { log.Printf("relayed in %v", time.Since(start)) }()
			p.BeginTransaction() // want `the error of BeginTransaction is discarded while the loop carries on: the message it was for goes unprocessed`
			if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
				log.Printf("produce: %v", err)
				return
			}
			if err := p.CommitTransaction(ctx); err != nil {
				log.Fatalf("commit transaction: %v", err)
			}
		}()
	}
}

// pollLit polls a franz-go client and produces each poll in a
// transaction begun in a literal that logs BeginTransaction's failure and
// produces anyway.
func pollLit(ctx context.Context, cl *kgo.Client, out emitter) {
	for {
		fs := cl.PollFetches(ctx)
		func() {
			defer log.Printf("poll done")
			if err := cl.BeginTransaction(); err != nil { // want `the error of BeginTransaction is only logged while the loop carries on: the records it was for go unprocessed`
				log.Printf("begin: %v", err)
			}
			fs.EachRecord(func(r *kgo.Record) {
				out.Emit(ctx, cl, r)
			})
			if err := cl.EndTransaction(ctx, kgo.TryCommit); err != nil {
				log.Fatalf("end transaction: %v", err)
			}
		}()
	}
}

// litLogged returns BeginTxn's failure from a literal whose errors the
// loop only logs, moving on to the next message as it does for a message
// that fails to transform.
type litLogged struct {
	handler
	mu sync.Mutex
}

func (h *litLogged) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := func() error {
			h.mu.Lock()
			defer h.mu.Unlock()
			if err := h.producer.BeginTxn(); err != nil { // want `the error of BeginTxn is returned by the function literal, whose error the loop only logs, so the loop carries on: the message it was for goes unprocessed`
				return fmt.Errorf("begin txn: %w", err)
			}
			return h.transform(msg)
		}(); err != nil {
			log.Printf("message at offset %d: %v", msg.Offset, err)
		}
	}
	return nil
}

// litLoggedStops is litLogged's twin: the loop logs a message that fails
// to transform and moves on, but stops when the transaction could not
// begin.
type litLoggedStops struct {
	handler
	mu sync.Mutex
}

func (h *litLoggedStops) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		txnFailed := false
		if err := func() error {
			h.mu.Lock()
			defer h.mu.Unlock()
			if err := h.producer.BeginTxn(); err != nil { // ok: the loop returns a begin failure
				txnFailed = true
				return fmt.Errorf("begin txn: %w", err)
			}
			return h.transform(msg)
		}(); err != nil {
			log.Printf("message at offset %d: %v", msg.Offset, err)
			if txnFailed {
				return err
			}
		}
	}
	return nil
}

// relayLogged copies messages with confluent-kafka-go in a literal that
// discards BeginTransaction's error; the loop logs the literal's errors
// and continues.
func relayLogged(c *ckafka.Consumer, p *ckafka.Producer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := func() error {
			p.BeginTransaction() // want `the error of BeginTransaction is discarded while the loop carries on: the message it was for goes unprocessed`
			if err := p.Produce(&ckafka.Message{TopicPartition: msg.TopicPartition, Value: msg.Value}, nil); err != nil {
				return err
			}
			if err := p.CommitTransaction(context.Background()); err != nil {
				log.Fatalf("commit transaction: %v", err)
			}
			return nil
		}(); err != nil {
			log.Printf("relay: %v", err)
			continue
		}
	}
}
