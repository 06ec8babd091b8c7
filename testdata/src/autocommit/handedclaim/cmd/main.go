// Command cmd builds the groups that run autocommit/handedclaim/svc's
// handlers.
package main

import (
	"context"
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
}
