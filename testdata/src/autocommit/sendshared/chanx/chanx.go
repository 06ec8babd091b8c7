// Package chanx is a Kafka-free helper package: Send is a context-aware
// send any package may share.
package chanx

import "context"

// Send delivers v on ch unless ctx is done first.
func Send[T any](ctx context.Context, ch chan<- T, v T) {
	select {
	case <-ctx.Done():
	case ch <- v:
	}
}

// Offer delivers v unless ctx is done, and says whether it did.
func Offer[T any](ctx context.Context, ch chan<- T, v T) bool {
	select {
	case <-ctx.Done():
		return false
	case ch <- v:
		return true
	}
}
