// Package kafkago: kafka-go CommitMessages whose error is discarded, with
// synchronous and asynchronous commits.
package kafkago

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

func send(m kafka.Message) error { return nil }

// syncDiscarded commits synchronously (CommitInterval 0) and drops the
// error.
func syncDiscarded(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "mailer", Topic: "mail"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return fmt.Errorf("fetch: %w", err)
		}
		if err := send(m); err != nil {
			return err
		}
		r.CommitMessages(ctx, m) // want `the error of CommitMessages is discarded: a failed commit, such as one rejected after a rebalance, goes unnoticed`
	}
}

// mainLoop discards it in a function without results.
func mainLoop(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "mailer", Topic: "mail"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			log.Printf("fetch: %v", err)
			return
		}
		if err := send(m); err != nil {
			log.Printf("send: %v", err)
			return
		}
		_ = r.CommitMessages(ctx, m) // want `the error of CommitMessages is discarded`
	}
}

// asyncDiscarded commits on an interval: CommitMessages only queues and
// returns nil at once, so its error says nothing about the commit.
func asyncDiscarded(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "mailer", Topic: "mail", CommitInterval: time.Second})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := send(m); err != nil {
			return err
		}
		r.CommitMessages(ctx, m) // ok: asynchronous commits return nil at once
	}
}

// opaque takes its reader from the caller: whether commits are
// synchronous is not known.
func opaque(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		r.CommitMessages(ctx, m) // ok: reader config unknown (CommitInterval may be set)
	}
}

// noGroup reads one partition without a group: CommitMessages always
// fails, which is not a commit error this analyzer judges.
func noGroup(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "mail", Partition: 0})
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		r.CommitMessages(ctx, m) // ok: no GroupID, nothing to commit to
	}
}
