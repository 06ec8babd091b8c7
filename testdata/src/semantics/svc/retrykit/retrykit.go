// Package retrykit retries handlers: WithBackoff gives up quietly, Retry
// returns the last failure (audit 32c/2).
package retrykit

import (
	"context"
	"log"
)

type Func func(ctx context.Context, key, value []byte) error

// WithBackoff returns f retried attempts times; then it logs and returns
// nil, so that one bad record cannot block the partition.
func WithBackoff(f Func, attempts int) Func {
	return func(ctx context.Context, key, value []byte) error {
		var err error
		for i := 0; i < attempts; i++ {
			if err = f(ctx, key, value); err == nil {
				return nil
			}
		}
		log.Printf("giving up on %s: %v", key, err)
		return nil
	}
}

// Retry returns f retried attempts times, failing with its last error.
func Retry(f Func, attempts int) Func {
	return func(ctx context.Context, key, value []byte) error {
		var err error
		for i := 0; i < attempts; i++ {
			if err = f(ctx, key, value); err == nil {
				return nil
			}
		}
		return err
	}
}
