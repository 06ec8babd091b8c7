// Package nonblocking holds hiwater cases of a loop that checks the
// goroutines' failure channel with a select that has a default case: it
// waits for nothing, so the goroutines commit out of order as without it.
// A select without a default waits for each goroutine.
package nonblocking

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

var db *sql.DB

func deliver(ctx context.Context, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO deliveries (body) VALUES ($1)", m.Value)
	return err
}

// relay checks for a failure without waiting, then starts a goroutine per
// message that commits it once delivered.
func relay(ctx context.Context, r *kafka.Reader, errs chan error) error {
	for {
		select {
		case err := <-errs: // a delivery failed: stop, so it is redelivered
			return err
		default:
		}
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go func(m kafka.Message) {
			if err := deliver(ctx, m); err != nil {
				errs <- fmt.Errorf("deliver %d: %w", m.Offset, err)
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a per-record goroutine`
				log.Printf("commit: %v", err)
			}
		}(m)
	}
}

// relayTimed gives a failure a millisecond to arrive: it waits for no
// goroutine either.
func relayTimed(ctx context.Context, r *kafka.Reader, errs chan error) error {
	for {
		select {
		case err := <-errs:
			return err
		case <-time.After(time.Millisecond):
		}
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go func(m kafka.Message) {
			if err := deliver(ctx, m); err != nil {
				errs <- err
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a per-record goroutine`
				log.Printf("commit: %v", err)
			}
		}(m)
	}
}

// relayWaiting waits for each goroutine's outcome before the next fetch.
func relayWaiting(ctx context.Context, r *kafka.Reader) error {
	done := make(chan error)
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go func(m kafka.Message) {
			if err := deliver(ctx, m); err != nil {
				done <- err
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // ok: the loop waits for each goroutine
				log.Printf("commit: %v", err)
			}
			done <- nil
		}(m)
		select {
		case err := <-done:
			if err != nil {
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func run(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "relay", Topic: "webhooks"})
	defer r.Close()
	errs := make(chan error)
	return errors.Join(relay(ctx, r, errs), relayTimed(ctx, r, errs))
}
