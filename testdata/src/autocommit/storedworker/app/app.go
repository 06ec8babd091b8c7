// Package app hands the consumer it is given on to svc (review 36-2/D12:
// two hops from the wiring to the stores).
package app

import (
	"context"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"autocommit/storedworker/svc"
)

// Start runs the service on c.
func Start(ctx context.Context, c *kafka.Consumer, n svc.Notifier) error { // want Start:`storesRace\(Commit commits them while the goroutines the messages are handed to still process them\)`
	return svc.New(c, n).Run(ctx)
}
