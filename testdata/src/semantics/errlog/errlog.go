// Package errlog drains the errors a consumer's workers send: Drain only
// logs them (review 40-3/D3b), Collect keeps them for the caller.
package errlog

import "log"

// Drain logs every error received until errs closes.
func Drain(errs <-chan error) {
	for e := range errs {
		log.Printf("worker: %v", e)
	}
}

// Collect appends every error received to into.
func Collect(errs <-chan error, into *[]error) {
	for e := range errs {
		*into = append(*into, e)
	}
}
