// Package markerwire builds the clients of markersvc: the configuration is
// here, the position calls there.
package markerwire

import (
	"autocommit/markermid"
	"autocommit/markersvc"
	"context"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func apply(*kgo.Record) error { return nil }

// ledgerField hands a client without AutoCommitMarks to a service that
// marks: the marks do nothing and the timer commits every polled record.
func ledgerField(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("ledger"),
		kgo.ConsumeTopics("entries"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	l := &markersvc.Ledger{Client: cl, Apply: apply} // want `mark is a no-op without kgo.AutoCommitMarks\(\): MarkCommitRecords, called by markersvc.\(\*Ledger\).Run on the client handed over here,`
	return l.Run(ctx)
}

// ledgerFieldMarks is ledgerField with AutoCommitMarks.
func ledgerFieldMarks(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("ledger"),
		kgo.ConsumeTopics("entries"),
		kgo.AutoCommitMarks(),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	l := &markersvc.Ledger{Client: cl, Apply: apply} // ok: marks count
	return l.Run(ctx)
}

// ledgerParam hands the client over as an argument.
func ledgerParam(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.SeedBrokers("localhost:9092"), kgo.ConsumerGroup("ledger"), kgo.ConsumeTopics("entries"))
	if err != nil {
		return err
	}
	defer cl.Close()
	return markersvc.Consume(ctx, cl, apply) // want `mark is a no-op without kgo.AutoCommitMarks\(\)`
}

// ledgerParamManual turns the timer off: the service's marks are then
// committed or not by calls the fact does not describe (silent).
func ledgerParamManual(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.SeedBrokers("localhost:9092"), kgo.ConsumerGroup("ledger"), kgo.ConsumeTopics("entries"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	return markersvc.Consume(ctx, cl, apply) // ok: no timer
}

// archiver hands a consumer with auto-store on (the default) to a service
// that stores each message's offset itself.
func archiver(ctx context.Context, archive func(*kafka.Message) error) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "localhost", "group.id": "archive"})
	if err != nil {
		return err
	}
	defer c.Close()
	a := &markersvc.Archiver{Consumer: c, Archive: archive} // want `offset store does nothing while enable.auto.offset.store is on`
	return a.Run(ctx)
}

// archiverStoring turns auto-store off, as the service's stores need.
func archiverStoring(ctx context.Context, archive func(*kafka.Message) error) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "localhost", "group.id": "archive", "enable.auto.offset.store": false})
	if err != nil {
		return err
	}
	defer c.Close()
	a := &markersvc.Archiver{Consumer: c, Archive: archive} // ok: stores count
	return a.Run(ctx)
}

// pipeline hands the client to a package that hands it on to the service.
func pipeline(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.SeedBrokers("localhost:9092"), kgo.ConsumerGroup("ledger"), kgo.ConsumeTopics("entries"))
	if err != nil {
		return err
	}
	defer cl.Close()
	p := &markermid.Pipeline{Client: cl} // want `MarkCommitRecords, called by markersvc.Consume on the client handed over here`
	return p.Start(ctx)
}

// pipelineMarks is pipeline with AutoCommitMarks.
func pipelineMarks(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.SeedBrokers("localhost:9092"), kgo.ConsumerGroup("ledger"), kgo.ConsumeTopics("entries"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	p := &markermid.Pipeline{Client: cl} // ok: marks count
	return p.Start(ctx)
}

// tail hands a reader outside any group to a service that reads with
// ReadMessage: nothing is committed, and nothing needs to be.
func tail(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "entries"})
	defer r.Close()
	return markersvc.Tail(ctx, r, func(kafkago.Message) {}) // ok: ReadMessage needs a group only to commit
}
