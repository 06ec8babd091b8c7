// Package wire builds the consumer svc's worker stores on, with
// auto-commit off and auto-store left on; its twin turns auto-store off.
package wire

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"autocommit/storedworker/app"
	"autocommit/storedworker/svc"
)

// Run hands a consumer with auto-store on to the service.
func Run(ctx context.Context, n svc.Notifier) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "notifier",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	return svc.New(c, n).Run(ctx) // want `offset store does nothing while enable\.auto\.offset\.store is on: StoreMessage, called by svc\.\(\*Service\)\.work on the client handed over here, returns ErrInvalidArg .* and Commit commits them while the goroutines the messages are handed to still process them`
}

// Stored is Run's twin: auto-store is off, the stores count.
func Stored(ctx context.Context, n svc.Notifier) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "notifier",
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		log.Print(err)
		return err
	}
	defer c.Close()
	return svc.New(c, n).Run(ctx)
}

// Relayed hands a consumer with auto-store on to app, which hands it on
// to the service.
func Relayed(ctx context.Context, n svc.Notifier) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "notifier",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	return app.Start(ctx, c, n) // want `offset store does nothing while enable\.auto\.offset\.store is on: StoreMessage, called by svc\.\(\*Service\)\.work`
}
