// Command cmd wires autocommit/passedcfg/svc's consumers: the
// configurations it passes decide their settings, and the findings their
// code makes with them are reported here, with the fix in package svc.
package main

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"

	"autocommit/passedcfg/svc"
)

func main() {
	ctx := context.Background()
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	client, err := sarama.NewClient([]string{"localhost:9092"}, cfg)
	if err != nil {
		panic(err)
	}
	orders, err := svc.NewOrders(client) // want `NewOrders builds its sarama consumer from the configuration passed here \(auto-commit off\), and with it, in package autocommit/passedcfg/svc \(svc.go:24\): auto-commit is off and the handler never calls Commit: sarama discards marks at session end`
	if err != nil {
		panic(err)
	}
	go orders.Run(ctx)
	ledger, err := svc.NewLedger(client) // ok: its handler commits each mark
	if err != nil {
		panic(err)
	}
	go ledger.Run(ctx)

	events := svc.NewEvents(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"}) // want `NewEvents builds its kafka-go consumer from the configuration passed here \(group on\), and with it, in package autocommit/passedcfg/svc \(svc.go:\d+\): group reader's ReadMessage commits the message before returning it`
	go events.Run(ctx)

	// A constructor this package's wiring also calls with sarama's
	// defaults: what main passes decides here.
	auditCfg := sarama.NewConfig()
	auditCfg.Consumer.Offsets.AutoCommit.Enable = false
	audit, err := svc.NewAudit(auditCfg) // want `NewAudit builds its sarama consumer from the configuration passed here \(auto-commit off\), and with it, in package autocommit/passedcfg/svc \(svc.go:\d+\): auto-commit is off and the handler never calls Commit`
	if err != nil {
		panic(err)
	}
	go audit.Run(ctx)
	auditVia, err := svc.NewAuditVia(auditCfg) // want `NewAuditVia builds its sarama consumer from the configuration passed here \(auto-commit off\), and with it, in package autocommit/passedcfg/svc \(svc.go:\d+\): auto-commit is off and the handler never calls Commit`
	if err != nil {
		panic(err)
	}
	go auditVia.Run(ctx)

	payments, err := svc.NewPayments(&kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "payments"}) // want `NewPayments builds its confluent-kafka-go consumer from the configuration passed here \(the client's defaults\), and with it, in package autocommit/passedcfg/svc \(svc.go:\d+\): enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		panic(err)
	}
	payments.Run()
}
