// Package asyncwriter holds ordering cases where a kafka-go consumer
// copies each message through a Writer with Async set: WriteMessages
// returns before the copy is written, so a commit after it comes first.
package asyncwriter

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// copyAsync commits each message once its copy is queued.
func copyAsync(ctx context.Context, r *kafka.Reader) error {
	w := &kafka.Writer{Topic: "orders.copy", Async: true}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := w.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is produced asynchronously by WriteMessages, with no wait for its delivery: a crash before the delivery loses the message \(at-most-once\)`
			return err
		}
	}
}

// copySync is copyAsync's twin: the Writer is synchronous.
func copySync(ctx context.Context, r *kafka.Reader) error {
	w := &kafka.Writer{Topic: "orders.copy"}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := w.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: WriteMessages returned once the copy was written
			return err
		}
	}
}

// copyAssigned sets Async after building the Writer.
func copyAssigned(ctx context.Context, r *kafka.Reader) error {
	w := &kafka.Writer{Topic: "orders.copy"}
	w.Async = true
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := w.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is produced asynchronously by WriteMessages`
			return err
		}
	}
}

// copyNotAsync is copyAssigned's twin: Async is set, to false.
func copyNotAsync(ctx context.Context, r *kafka.Reader) error {
	w := &kafka.Writer{Topic: "orders.copy", Async: false}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := w.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: Async is false
			return err
		}
	}
}

// shipper holds an asynchronous Writer built by newShipper.
type shipper struct {
	r *kafka.Reader
	w *kafka.Writer
}

func newShipper(r *kafka.Reader) *shipper {
	return &shipper{r: r, w: &kafka.Writer{
		Topic: "orders.copy",
		Async: true,
	}}
}

// run commits each message, then queues its copy.
func (s *shipper) run(ctx context.Context) error {
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is produced \(asynchronously, by WriteMessages\): a crash before the delivery loses the message \(at-most-once\)`
			return err
		}
		if err := s.w.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
	}
}

// newCopier builds the Writer copyBuilt writes with.
func newCopier() *kafka.Writer {
	return &kafka.Writer{Topic: "orders.copy", Async: true}
}

// copyBuilt writes with a Writer an in-package constructor builds.
func copyBuilt(ctx context.Context, r *kafka.Reader) error {
	w := newCopier()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := w.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is produced asynchronously by WriteMessages`
			return err
		}
	}
}
