// Package builtwire is the service's main: it gets its consumers from the
// helper package builtcfg and hands them to the loops of builtloop. Where
// a loop needs a setting the helper's configuration does not give, the
// hand-over is reported, and the fix changes the helper's configuration.
package builtwire

import (
	"autocommit/builtcfg"
	"autocommit/builtloop"
	"context"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

func save(*kafka.Message) error { return nil }

func apply(*kgo.Record) error { return nil }

// orders hands a consumer with auto-store on to a loop that stores.
func orders(ctx context.Context) error {
	c, err := builtcfg.NewConsumer("localhost:9092", "orders", "orders")
	if err != nil {
		return err
	}
	defer c.Close()
	builtloop.Run(ctx, c, save) // want `offset store does nothing while enable.auto.offset.store is on: StoreMessage, called by builtloop.Run on the client handed over here,`
	return nil
}

// ordersStoring is orders with the helper's consumer that leaves stores
// to the application.
func ordersStoring(ctx context.Context) error {
	c, err := builtcfg.NewStoringConsumer("localhost:9092", "orders", "orders")
	if err != nil {
		return err
	}
	defer c.Close()
	builtloop.Run(ctx, c, save) // ok: auto-store off in builtcfg
	return nil
}

// ledger hands a client without AutoCommitMarks to a loop that marks.
func ledger(ctx context.Context) error {
	cl, err := builtcfg.NewClient("ledger", "entries")
	if err != nil {
		return err
	}
	defer cl.Close()
	return builtloop.Apply(ctx, cl, apply) // want `mark is a no-op without kgo.AutoCommitMarks\(\): MarkCommitRecords, called by builtloop.Apply on the client handed over here,`
}

// ledgerMarks is ledger with the helper's client that commits marks.
func ledgerMarks(ctx context.Context) error {
	cl, err := builtcfg.NewMarkingClient("ledger", "entries")
	if err != nil {
		return err
	}
	defer cl.Close()
	return builtloop.Apply(ctx, cl, apply) // ok: AutoCommitMarks in builtcfg
}
