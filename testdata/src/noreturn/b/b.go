// Package b holds helpers of another package: their facts reach package a.
package b

import (
	"errors"
	"fmt"
)

// Fail always panics.
func Fail(msg string) { // want Fail:"noreturn"
	panic(errors.New(msg)) // want `leaves`
}

// Check panics only for an error: it may return.
func Check(err error) {
	if err != nil {
		panic(fmt.Sprint(err)) // want `leaves`
	}
}
