// Command cmd builds the groups that run autocommit/handedclaim/svc's
// handlers.
package main

import (
	"context"
	"log"
	"strconv"

	"github.com/IBM/sarama"

	"autocommit/handedclaim/svc"
)

func manual() *sarama.Config {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	return cfg
}

func save(context.Context, []byte) error { return nil }

func apply(context.Context, int) error { return nil }

func main() {
	ctx := context.Background()
	addrs := []string{"localhost:9092"}

	// Auto-commit off, and the handler of svc only marks: nothing is
	// ever committed.
	orders, _ := sarama.NewConsumerGroup(addrs, "orders", manual())
	_ = orders.Consume(ctx, []string{"orders"}, &svc.Marker[int]{Decode: func(b []byte) (int, error) { return strconv.Atoi(string(b)) }, Apply: apply}) // want `ConsumeClaim receives the sarama consumer passed here \(auto-commit off\), and with it, in package autocommit/handedclaim/svc \(svc.go:\d+\): auto-commit is off and the handler never calls Commit`

	// The same handler on a group with the default auto-commit: the
	// timer commits the marks.
	audit, _ := sarama.NewConsumerGroup(addrs, "audit", sarama.NewConfig())
	_ = audit.Consume(ctx, []string{"orders"}, &svc.Marker[int]{Decode: func(b []byte) (int, error) { return strconv.Atoi(string(b)) }, Apply: apply}) // ok: auto-commit commits the marks

	// Auto-commit off, and the handler commits its marks.
	ledger, _ := sarama.NewConsumerGroup(addrs, "ledger", manual())
	_ = ledger.Consume(ctx, []string{"entries"}, &svc.Committer{Save: save}) // ok: the handler commits

	// Auto-commit off, and a shared library's helper commits the marks.
	flushed, _ := sarama.NewConsumerGroup(addrs, "flushed", manual())
	_ = flushed.Consume(ctx, []string{"entries"}, &svc.Flusher{Save: save}) // ok: offsets.Flush may commit

	// Auto-commit off, and a handler giving its session to a metrics
	// helper that commits nothing: nothing commits.
	counted, _ := sarama.NewConsumerGroup(addrs, "counted", manual())
	_ = counted.Consume(ctx, []string{"entries"}, &svc.Counted{Save: save}) // want `ConsumeClaim receives the sarama consumer passed here \(auto-commit off\), and with it, in package autocommit/handedclaim/svc \(svc.go:\d+\): auto-commit is off and the handler never calls Commit`

	// Auto-commit off, and this package's type embedding the marking
	// handler only logs in its own Setup: nothing commits.
	logged, _ := sarama.NewConsumerGroup(addrs, "logged", manual())
	_ = logged.Consume(ctx, []string{"orders"}, &logging{Marker: &svc.Marker[int]{Decode: func(b []byte) (int, error) { return strconv.Atoi(string(b)) }, Apply: apply}}) // want `ConsumeClaim receives the sarama consumer passed here \(auto-commit off\)`

	// Auto-commit off, and this package's type embedding the marking
	// handler commits in its own Cleanup.
	wrapped, _ := sarama.NewConsumerGroup(addrs, "wrapped", manual())
	_ = wrapped.Consume(ctx, []string{"orders"}, &committing{Marker: &svc.Marker[int]{Decode: func(b []byte) (int, error) { return strconv.Atoi(string(b)) }, Apply: apply}}) // ok: its Cleanup commits
}

// committing runs svc's marking handler and commits the marks when the
// session ends.
type committing struct{ *svc.Marker[int] }

func (*committing) Cleanup(sess sarama.ConsumerGroupSession) error {
	sess.Commit()
	return nil
}

// logging runs svc's marking handler and logs each session's start.
type logging struct{ *svc.Marker[int] }

func (*logging) Setup(sess sarama.ConsumerGroupSession) error {
	log.Printf("session: %v", sess.Claims())
	return nil
}
