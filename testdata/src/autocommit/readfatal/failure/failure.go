// Package failure is a helper package of the readfatal scenario: its Panic
// never returns, which its importers learn through a noreturn fact.
package failure

import "fmt"

// Panic panics with err wrapped.
func Panic(err error) {
	panic(fmt.Errorf("fatal: %w", err))
}
