// Package polwire wires polloop's services with their error policies:
// one answering nil for every failure (logged), one answering it.
package polwire

import (
	"context"
	"log"

	kafkago "github.com/segmentio/kafka-go"

	"semantics/svc/polloop"
)

// Run starts the services.
func Run(ctx context.Context) {
	orders := polloop.NewOrders(polloop.WithErrorPolicy(func(m kafkago.Message, err error) error {
		log.Printf("order %s not applied: %v", m.Key, err)
		return nil
	}))
	payments := &polloop.Payments{R: polloop.NewReader(), OnError: func(m kafkago.Message, err error) error {
		log.Printf("payment %s not applied: %v", m.Key, err)
		return err
	}}
	refunds := &polloop.Refunds{R: polloop.NewRefundsReader(), OnError: func(m kafkago.Message, err error) error {
		log.Printf("refund %s not applied: %v", m.Key, err)
		return nil
	}}
	go orders.Run(ctx)
	go refunds.Run(ctx)
	_ = payments.Run(ctx)
}
