// Package retry holds ordering cases where the commit is retried in a
// loop of its own before the processing.
package retry

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

type store interface {
	Save(ctx context.Context, v []byte) error
}

// retryThenSave commits each message, retrying up to three times, and
// then saves it.
func retryThenSave(ctx context.Context, r *kafka.Reader, db store) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		for attempt := 0; ; attempt++ {
			err := r.CommitMessages(ctx, m) // want `call to CommitMessages before the message is processed: a crash between them loses the message \(at-most-once\)`
			if err == nil {
				break
			}
			if attempt == 2 {
				return err
			}
			time.Sleep(time.Second)
		}
		if err := db.Save(ctx, m.Value); err != nil {
			return err
		}
	}
}

// saveThenRetry is retryThenSave's twin.
func saveThenRetry(ctx context.Context, r *kafka.Reader, db store) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := db.Save(ctx, m.Value); err != nil {
			return err
		}
		for attempt := 0; ; attempt++ {
			err := r.CommitMessages(ctx, m) // ok: saved first
			if err == nil {
				break
			}
			if attempt == 2 {
				return err
			}
			time.Sleep(time.Second)
		}
	}
}
