// Package worker drives deliveries of kafkaq through handlers.
package worker

import (
	"context"

	"ordering/wrapnext/handlers"
	"ordering/wrapnext/kafkaq"
)

// Worker handles deliveries.
type Worker struct {
	Src    *kafkaq.Stream
	Ledger *handlers.Ledger
	Mail   *handlers.Mailer
}

// Run acks each delivery before it applies it.
func (w *Worker) Run(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		d, err := w.Src.Next(ctx)
		if err != nil {
			return err
		}
		if err := w.Src.Ack(ctx, d); err != nil { // want `call to Ack \(CommitMessages\) before the message is processed: a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := w.Ledger.Apply(ctx, d.Body); err != nil {
			return err
		}
	}
}

// RunAfter acks each delivery once applied.
func (w *Worker) RunAfter(ctx context.Context) error {
	for {
		d, err := w.Src.Next(ctx)
		if err != nil {
			return err
		}
		if err := w.Ledger.Apply(ctx, d.Body); err != nil {
			return err
		}
		if err := w.Src.Ack(ctx, d); err != nil {
			return err
		}
	}
}

// RunMail acks each delivery once the mailer has it.
func (w *Worker) RunMail(ctx context.Context) error {
	for {
		d, err := w.Src.Next(ctx)
		if err != nil {
			return err
		}
		if err := w.Mail.Send(ctx, d.Body); err != nil {
			return err
		}
		if err := w.Src.Ack(ctx, d); err != nil { // want `call to Ack after the message is handed to handlers.Mailer.Send, which only queues it for later work, with no wait for its processing: a crash before the message is processed loses it \(at-most-once\)`
			return err
		}
	}
}
