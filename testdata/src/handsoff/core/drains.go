package core

import (
	"context"
	"log"
)

// LogErrors logs what its workers report (review 40-3/D3b).
func LogErrors(errs <-chan error) { // want LogErrors:`sync` LogErrors:`drains`
	for e := range errs {
		log.Printf("worker: %v", e)
	}
}

// LogUntil logs what its workers report until ctx ends.
func LogUntil(ctx context.Context, errs <-chan error) { // want LogUntil:`sync` LogUntil:`drains`
	for {
		select {
		case e, ok := <-errs:
			if !ok {
				return
			}
			log.Print(e)
		case <-ctx.Done():
			return
		}
	}
}

// StopOnError cancels on the first error: not a drain.
func StopOnError(errs <-chan error, cancel context.CancelFunc) { // want StopOnError:`sync` StopOnError:`runs\[1\]`
	for e := range errs {
		log.Print(e)
		cancel()
	}
}

// Forward hands the errors on: not a drain.
func Forward(errs <-chan error, out chan<- error) {
	for e := range errs {
		out <- e
	}
}

// Last keeps the last error and logs the rest: not a drain.
func Last(errs <-chan error) error { // want Last:`sync`
	var last error
	for e := range errs {
		log.Print(e)
		last = e
	}
	return last
}
