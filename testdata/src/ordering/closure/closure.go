// Package closure holds position calls made inside a closure that
// another function calls: a commit closure sent beside the message's
// value on a channel, and an ack closure handed to a callback.
package closure

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var db *sql.DB

func apply(v []byte) error {
	_, err := db.Exec("INSERT INTO events (body) VALUES ($1)", v)
	return err
}

// result carries a message's value and a closure committing it to the
// one receiver, which calls the closure before applying the value: a
// crash between them loses the message.
type result struct {
	Value  []byte
	Commit func()
}

func read(c *kafka.Consumer, out chan<- result) {
	defer close(out)
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		out <- result{Value: msg.Value, Commit: func() {
			if _, err := c.CommitMessage(msg); err != nil {
				log.Printf("commit: %v", err)
			}
		}}
	}
}

func receive(out <-chan result) {
	for r := range out {
		r.Commit() // want `call to Commit, a closure that commits the message \(CommitMessage\), before the message is processed`
		if err := apply(r.Value); err != nil {
			log.Printf("apply: %v", err)
		}
	}
}

// applied is result's twin whose receiver applies the value first.
type applied struct {
	Value  []byte
	Commit func()
}

func readApplied(c *kafka.Consumer, out chan<- applied) {
	defer close(out)
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		out <- applied{Value: msg.Value, Commit: func() {
			if _, err := c.CommitMessage(msg); err != nil {
				log.Printf("commit: %v", err)
			}
		}}
	}
}

func receiveApplied(out <-chan applied) {
	for r := range out {
		if err := apply(r.Value); err != nil {
			log.Printf("apply: %v", err)
		}
		r.Commit() // ok: committed after the value is applied
	}
}

// direct calls a local commit closure before applying the value.
func direct(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		commit := func() {
			if _, err := c.CommitMessage(msg); err != nil {
				log.Printf("commit: %v", err)
			}
		}
		commit() // want `call to commit, a closure that commits the message \(CommitMessage\), before the message is processed`
		if err := apply(msg.Value); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
	}
}

// directAfter is direct's twin.
func directAfter(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		commit := func() {
			if _, err := c.CommitMessage(msg); err != nil {
				log.Printf("commit: %v", err)
			}
		}
		if err := apply(msg.Value); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
		commit() // ok: after the apply
	}
}

// handleValue is given a message's value and a closure committing the
// message; it commits first.
func handleValue(v []byte, done func()) {
	done() // want `call to done, a closure that commits the message \(CommitMessage\), before the message is processed`
	if err := apply(v); err != nil {
		log.Printf("apply: %v", err)
	}
}

// handleValueAfter is handleValue's twin.
func handleValueAfter(v []byte, done func()) {
	if err := apply(v); err != nil {
		log.Printf("apply: %v", err)
		return
	}
	done() // ok: after the apply
}

// values hands each message's value to both handlers.
func values(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handleValue(msg.Value, func() {
			if _, err := c.CommitMessage(msg); err != nil {
				log.Printf("commit: %v", err)
			}
		})
		handleValueAfter(msg.Value, func() {
			if _, err := c.CommitMessage(msg); err != nil {
				log.Printf("commit: %v", err)
			}
		})
	}
}

// RunConfluent starts the readers with auto-commit off.
func RunConfluent() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "g",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	if err := c.SubscribeTopics([]string{"t"}, nil); err != nil {
		return err
	}
	out := make(chan result)
	go read(c, out)
	go receive(out)
	done := make(chan applied)
	go readApplied(c, done)
	go receiveApplied(done)
	go direct(c)
	go values(c)
	directAfter(c)
	return nil
}

func save(ctx context.Context, msg *sarama.ConsumerMessage) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", msg.Value)
	return err
}

// acker gives each message to a callback with an ack closure that marks
// it; the callback acks, then saves in a goroutine: sarama's auto-commit
// may commit the mark before the save.
type acker struct {
	cb func(msg *sarama.ConsumerMessage, ack func())
}

func (acker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (acker) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (a acker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		a.cb(msg, func() { sess.MarkMessage(msg, "") })
	}
	return nil
}

// saver is acker's twin whose callback saves, then acks.
type saver struct {
	cb func(msg *sarama.ConsumerMessage, ack func())
}

func (saver) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (saver) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (s saver) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		s.cb(msg, func() { sess.MarkMessage(msg, "") })
	}
	return nil
}

// starter is acker's variant whose callback starts the save in a
// goroutine, then acks without waiting for it.
type starter struct {
	cb func(msg *sarama.ConsumerMessage, ack func())
}

func (starter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (starter) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (s starter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		s.cb(msg, func() { sess.MarkMessage(msg, "") })
	}
	return nil
}

// boundAcker's callback is a method value of a worker, which acks before
// saving.
type boundAcker struct {
	cb func(msg *sarama.ConsumerMessage, ack func())
}

func (boundAcker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (boundAcker) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (b boundAcker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		b.cb(msg, func() { sess.MarkMessage(msg, "") })
	}
	return nil
}

type worker struct{ ctx context.Context }

func (w *worker) handle(msg *sarama.ConsumerMessage, ack func()) {
	ack() // want `call to ack, a closure that marks the message \(MarkMessage\), before the message is processed`
	if err := save(w.ctx, msg); err != nil {
		log.Printf("save: %v", err)
	}
}

// Handler is given each message with a closure that marks it.
type Handler interface {
	Handle(msg *sarama.ConsumerMessage, ack func())
}

// ifaceAcker calls its Handler with an ack closure.
type ifaceAcker struct{ h Handler }

func (ifaceAcker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ifaceAcker) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (a ifaceAcker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		a.h.Handle(msg, func() { sess.MarkMessage(msg, "") })
	}
	return nil
}

// eager acks before saving.
type eager struct{ ctx context.Context }

func (e eager) Handle(msg *sarama.ConsumerMessage, ack func()) {
	ack() // want `call to ack, a closure that marks the message \(MarkMessage\), before the message is processed`
	if err := save(e.ctx, msg); err != nil {
		log.Printf("save: %v", err)
	}
}

// careful saves, then acks.
type careful struct{ ctx context.Context }

func (c careful) Handle(msg *sarama.ConsumerMessage, ack func()) {
	if err := save(c.ctx, msg); err != nil {
		log.Printf("save: %v", err)
		return
	}
	ack() // ok: after the save
}

// RunSarama wires the handlers with the default auto-commit.
func RunSarama(ctx context.Context, brokers []string) error {
	acked, err := sarama.NewConsumerGroup(brokers, "acker", sarama.NewConfig())
	if err != nil {
		return err
	}
	saved, err := sarama.NewConsumerGroup(brokers, "saver", sarama.NewConfig())
	if err != nil {
		return err
	}
	a := acker{cb: func(msg *sarama.ConsumerMessage, ack func()) {
		ack() // want `call to ack, a closure that marks the message \(MarkMessage\), before the message is processed`
		go func() { _ = save(ctx, msg) }()
	}}
	s := saver{cb: func(msg *sarama.ConsumerMessage, ack func()) {
		if err := save(ctx, msg); err != nil {
			log.Printf("save: %v", err)
			return
		}
		ack() // ok: marked after the save
	}}
	started, err := sarama.NewConsumerGroup(brokers, "starter", sarama.NewConfig())
	if err != nil {
		return err
	}
	st := starter{cb: func(msg *sarama.ConsumerMessage, ack func()) {
		go save(ctx, msg)
		ack() // want `call to ack, a closure that marks the message \(MarkMessage\), after the message is handed to a goroutine`
	}}
	w := &worker{ctx: ctx}
	for ctx.Err() == nil {
		if err := started.Consume(ctx, []string{"events"}, ifaceAcker{h: eager{ctx}}); err != nil {
			return err
		}
		if err := started.Consume(ctx, []string{"events"}, ifaceAcker{h: careful{ctx}}); err != nil {
			return err
		}
		if err := started.Consume(ctx, []string{"events"}, boundAcker{cb: w.handle}); err != nil {
			return err
		}
		if err := started.Consume(ctx, []string{"events"}, st); err != nil {
			return err
		}
		if err := acked.Consume(ctx, []string{"events"}, a); err != nil {
			return err
		}
		if err := saved.Consume(ctx, []string{"events"}, s); err != nil {
			return err
		}
	}
	return nil
}
