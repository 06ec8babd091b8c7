package cases

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

// insertWith writes v and reports the outcome to done.
func insertWith(ctx context.Context, v []byte, done func(error)) {
	done(apply(v))
}

// callbackLogged commits each message after its insert, whose failure
// only reaches a callback that logs it: the commit passes the failed
// message (the shape commitlint's own read-commits-first fix leaves in an
// ecommerce consumer that committed in the callback's success branch).
func callbackLogged(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "booking", Topic: "bookings"}) // case: callbacklogged
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		insertWith(ctx, m.Value, func(err error) {
			if err != nil {
				log.Printf("insert booking: %v", err)
			}
		})
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// callbackFlagged is its twin: the callback keeps the failure, and the
// loop stops on it before committing.
func callbackFlagged(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "flagged", Topic: "bookings"}) // case: callbackflagged
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		var failed error
		insertWith(ctx, m.Value, func(err error) { failed = err })
		if failed != nil {
			log.Fatalf("insert booking: %v", failed)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

var _, _ = callbackLogged, callbackFlagged

// insertRetrying retries the insert, telling onRetry of each failed
// attempt, and returns the last error.
func insertRetrying(ctx context.Context, v []byte, onRetry func(error)) error {
	err := apply(v)
	if err != nil {
		onRetry(err)
		err = apply(v)
	}
	return err
}

// retryHooked is a second twin: its callback only logs the retries, and
// the call's own error stops the loop.
func retryHooked(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "hooked", Topic: "bookings"}) // case: retryhooked
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := insertRetrying(ctx, m.Value, func(err error) { log.Printf("retrying: %v", err) }); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

var _ = retryHooked
