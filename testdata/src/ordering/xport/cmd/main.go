// Command cmd wires the Kafka adapter (package consumer) to the core
// (package svc): the one package that sees both.
package main

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"

	"ordering/xport/consumer"
	"ordering/xport/ports"
	"ordering/xport/svc"
)

func main() {
	ctx := context.Background()
	cl, err := kgo.NewClient(kgo.ConsumerGroup("settlement"), kgo.ConsumeTopics("transfer-reply"),
		kgo.AutoCommitMarks(), kgo.BlockRebalanceOnPoll())
	if err != nil {
		panic(err)
	}
	go consumer.NewConsumer(cl, svc.New(4)).StartConsumer(ctx) // want `call to NewConsumer with a \*svc.SettlementService, whose HandleSettlement only queues the record for later work: package consumer marks each record \(MarkCommitRecords, in ConsumerHandler.StartConsumer\) as soon as HandleSettlement returns, with no wait for its processing: with auto-commit on, a crash before the record is processed loses it \(at-most-once\)$`

	go consumer.NewConsumer(cl, svc.NewSync()).StartConsumer(ctx) // ok: SyncService settles the payload before HandleSettlement returns

	go consumer.NewConsumer(cl, svc.NewAdapter(4)).StartConsumer(ctx)    // want `call to NewConsumer with a \*svc.SettlementService \(returned by svc.NewAdapter\), whose HandleSettlement only queues the record for later work: .*\(at-most-once\)$`
	go consumer.NewConsumer(cl, svc.NewSyncAdapter()).StartConsumer(ctx) // ok: the port NewSyncAdapter returns settles the payload before HandleSettlement returns

	go consumer.Run(ctx, cl, svc.NewQueueLedger()) // want `call to Run with a \*svc.QueueLedger, whose Append only queues the record for later work: package consumer commits each record \(CommitRecords, in Run\) as soon as Append returns`

	go consumer.Run(ctx, cl, &svc.SyncLedger{}) // ok: SyncLedger appends the entry before Append returns

	// A queueing ledger passed as an interface value whose dynamic type
	// is not known at the call.
	var ledger ports.Ledger = newLocalLedger()
	go consumer.Run(ctx, cl, pick(ledger)) // ok: known gap

	go consumer.Run(ctx, cl, newLocalLedger()) // want `call to Run with a \*main.localLedger, whose Append only queues the record for later work: package consumer commits each record \(CommitRecords, in Run\) as soon as Append returns`

	go consumer.Run(ctx, cl, newDryRunLedger()) // ok: its writer drains the queue and drops every entry: nothing processes the record, so nothing is committed ahead of its processing

	go consumer.NewConsumer(cl, svc.NewPool(4)).StartConsumer(ctx) // want `call to NewConsumer with a \*svc.PoolService, whose HandleSettlement only queues the record for later work: .*\(at-most-once\)$`
	go consumer.NewConsumer(cl, svc.NewLoop()).StartConsumer(ctx)  // want `call to NewConsumer with a \*svc.LoopService, whose HandleSettlement only queues the record for later work: .*\(at-most-once\)$`

	// The batching core's worker selects between its queue, a ticker and
	// a quit channel: the ticker's case flushes what the queue's case
	// collects, so the record is processed at the next tick, which
	// HandleSettlement can neither do in place nor wait for.
	go consumer.NewConsumer(cl, svc.NewBatch()).StartConsumer(ctx) // want `call to NewConsumer with a \*svc.BatchService, whose HandleSettlement only queues the record for later work: .*; no automatic fix: svc.BatchService.HandleSettlement queues the record, and its workers receive it in a select that also works on <-tick.C \(taken as part of its processing: a flush of what the queue's case collects\), which the method can neither run in place nor wait for without holding each record until that case runs; have that case acknowledge the records it completes, and write their positions in package ordering/xport/consumer once acknowledged$`

	var group sarama.ConsumerGroup
	_ = group.Consume(ctx, []string{"ledger"}, consumer.NewClaimHandler(svc.NewQueueLedger())) // want `call to NewClaimHandler with a \*svc.QueueLedger, whose Append only queues the message for later work: package consumer marks each message \(MarkMessage, in ClaimHandler.ConsumeClaim\) as soon as Append returns, with no wait for its processing: with auto-commit on, a crash before the message is processed loses it \(at-most-once\)`
	_ = group.Consume(ctx, []string{"ledger"}, consumer.NewClaimHandler(&svc.SyncLedger{}))    // ok: SyncLedger appends the entry before Append returns

	var db *sql.DB
	consumer.NewAudited(cl, db, svc.NewQueueLedger()).Start(ctx) // ok: the audited consumer writes each record itself; the ledger gets a copy
}

// localLedger queues each entry for a writer goroutine of this package.
type localLedger struct{ ch chan ports.Payload } // want localLedger:`queueingResult\(\*main.localLedger: Append\[0\]\)`

func newLocalLedger() *localLedger {
	l := &localLedger{ch: make(chan ports.Payload, 8)}
	go func() {
		for p := range l.ch {
			log.Printf("append %s", p.TxID)
		}
	}()
	return l
}

func (l *localLedger) Append(p ports.Payload) { l.ch <- p }

// dryRunLedger stands in for the ledger in a dry run: its writer drains
// the queue and drops every entry, so Append hands no work on.
type dryRunLedger struct{ ch chan ports.Payload }

func newDryRunLedger() *dryRunLedger {
	l := &dryRunLedger{ch: make(chan ports.Payload, 8)}
	go func() {
		for range l.ch {
		}
	}()
	return l
}

func (l *dryRunLedger) Append(p ports.Payload) { l.ch <- p }

func pick(l ports.Ledger) ports.Ledger { return l }
