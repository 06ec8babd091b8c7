// Package safe runs a unit of work, turning a panic into a log line (Run:
// a panic returns no error, trial 41d/D8) or into its error (RunErr).
package safe

import (
	"fmt"
	"log"
)

// Run calls fn and returns its error; a panic in fn is only logged.
func Run(name string, fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			log.Printf("%s: recovered: %v", name, r)
		}
	}()
	return fn()
}

// RunErr calls fn and returns its error, or the panic's.
func RunErr(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return fn()
}
