package core

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"
)

// Safe runs fn, logging a panic: a panic returns no error.
func Safe(name string, fn func() error) (err error) { // want Safe:`runs\[1\]` Safe:`recovers`
	defer func() {
		if r := recover(); r != nil {
			log.Printf("%s: recovered: %v", name, r)
		}
	}()
	return fn()
}

// SafeErr turns a panic into its error.
func SafeErr(fn func() error) (err error) { // want SafeErr:`runs\[0\]`
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return fn()
}

// Repanic logs and panics again.
func Repanic(fn func() error) error { // want Repanic:`runs\[0\]`
	defer func() {
		if r := recover(); r != nil {
			log.Print(r)
			panic(r)
		}
	}()
	return fn()
}

// Bounded writes v within a deadline, giving up when its context ends:
// done when it returns (trial 41a/D1: the cancel, the select on Done and
// the context's methods made it unknown).
func Bounded(ctx context.Context, v []byte) error { // want Bounded:`sync`
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	for range 3 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if err := os.WriteFile("/tmp/x", v, 0o644); err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

// Handed sends v on in a select: not sync.
func Handed(ctx context.Context, out chan<- []byte, v []byte) error { // want Handed:`handsOff\[2\]`
	select {
	case out <- v:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
