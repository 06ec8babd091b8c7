// Package kafkago holds ordering cases for github.com/segmentio/kafka-go:
// FetchMessage does not commit, CommitMessages does (synchronously).
package kafkago

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

type payment struct {
	ID     string `json:"id"`
	Amount int64  `json:"amount"`
}

type ledger interface {
	Record(ctx context.Context, p payment) error
}

func reader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "payments", Topic: "payments"})
}

func handle(ctx context.Context, l ledger, m kafka.Message) error {
	var p payment
	if err := json.Unmarshal(m.Value, &p); err != nil {
		return err
	}
	return l.Record(ctx, p)
}

// commitFirst commits each message before handling it.
func commitFirst(ctx context.Context, l ledger) error {
	r := reader()
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed: a crash between them loses the message \(at-most-once\)`
			return err
		}
		if err := handle(ctx, l, m); err != nil {
			return err
		}
	}
}

// commitAfter is commitFirst's twin.
func commitAfter(ctx context.Context, l ledger) error {
	r := reader()
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handle(ctx, l, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: after processing
			return err
		}
	}
}

// assigned uses a plain error assignment and inline processing.
func assigned(ctx context.Context, l ledger) error {
	r := reader()
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		err = r.CommitMessages(ctx, m) // want `call to CommitMessages before the message is processed`
		if err != nil {
			return err
		}
		var p payment
		if jerr := json.Unmarshal(m.Value, &p); jerr != nil {
			log.Printf("bad payment at %d: %v", m.Offset, jerr)
			continue
		}
		if rerr := l.Record(ctx, p); rerr != nil {
			return rerr
		}
	}
}

// batchFirst fetches a batch and commits it before handling it.
func batchFirst(ctx context.Context, l ledger) error {
	r := reader()
	defer r.Close()
	for {
		batch := make([]kafka.Message, 0, 10)
		for len(batch) < 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
		}
		if err := r.CommitMessages(ctx, batch...); err != nil { // want `call to CommitMessages before the messages are processed: a crash between them loses the messages`
			return err
		}
		for _, m := range batch {
			if err := handle(ctx, l, m); err != nil {
				return err
			}
		}
	}
}

// batchAfter is batchFirst's twin.
func batchAfter(ctx context.Context, l ledger) error {
	r := reader()
	defer r.Close()
	for {
		batch := make([]kafka.Message, 0, 10)
		for len(batch) < 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			if err := handle(ctx, l, m); err != nil {
				return err
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil { // ok: after the batch
			return err
		}
	}
}

// previous commits the previous message before fetching the next one.
func previous(ctx context.Context, l ledger) error {
	r := reader()
	defer r.Close()
	prev, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	if err := handle(ctx, l, prev); err != nil {
		return err
	}
	for {
		if err := r.CommitMessages(ctx, prev); err != nil { // ok: the previous message, already processed
			return err
		}
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handle(ctx, l, m); err != nil {
			return err
		}
		prev = m
	}
}

// poison commits an undecodable message and moves on.
func poison(ctx context.Context, l ledger) error {
	r := reader()
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var p payment
		if err := json.Unmarshal(m.Value, &p); err != nil {
			log.Printf("poison pill at %s/%d@%d: %v", m.Topic, m.Partition, m.Offset, err)
			if err := r.CommitMessages(ctx, m); err != nil { // ok: not processed afterwards
				return err
			}
			continue
		}
		if err := l.Record(ctx, p); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// logged commits, then only logs.
func logged(ctx context.Context, l ledger) error {
	r := reader()
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handle(ctx, l, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: only logged afterwards
			return err
		}
		log.Printf("committed %s/%d@%d (%d bytes): %s", m.Topic, m.Partition, m.Offset, len(m.Value), m.Key)
	}
}

// reused assigns the commit's error to the err the processing reuses:
// the processing writes err before reading it, so the commit moves.
func reused(ctx context.Context, l ledger) error {
	r := reader()
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		err = r.CommitMessages(ctx, m) // want `call to CommitMessages before the message is processed`
		if err != nil {
			return err
		}
		err = handle(ctx, l, m)
		if err != nil {
			return err
		}
	}
}

// batch carries fetched messages between handler stages.
type batch struct {
	msgs []kafka.Message
}

// commitKeptThenSave commits the messages a batch holds, then saves them
// from the same field (trial 30e/1: the second read of b.msgs was not
// seen to be the same messages; the report said at-least-once).
func commitKeptThenSave(ctx context.Context, r *kafka.Reader, l ledger, b *batch) error {
	if err := r.CommitMessages(ctx, b.msgs...); err != nil { // want `call to CommitMessages before the messages are processed`
		return err
	}
	for _, m := range b.msgs {
		var p payment
		if err := json.Unmarshal(m.Value, &p); err != nil {
			continue
		}
		if err := l.Record(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// saveKeptThenCommit saves the batch's messages, then commits them.
func saveKeptThenCommit(ctx context.Context, r *kafka.Reader, l ledger, b *batch) error {
	for _, m := range b.msgs {
		var p payment
		if err := json.Unmarshal(m.Value, &p); err != nil {
			continue
		}
		if err := l.Record(ctx, p); err != nil {
			return err
		}
	}
	return r.CommitMessages(ctx, b.msgs...)
}

// commitThenRefill commits the batch, refills the field and saves what
// it now holds: other messages, not the committed ones.
func commitThenRefill(ctx context.Context, r *kafka.Reader, l ledger, b *batch) error {
	if err := r.CommitMessages(ctx, b.msgs...); err != nil {
		return err
	}
	b.msgs = b.msgs[:0]
	for _, m := range b.msgs {
		var p payment
		if err := json.Unmarshal(m.Value, &p); err != nil {
			continue
		}
		if err := l.Record(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// refill replaces the batch's messages with newly fetched ones.
func (b *batch) refill(ctx context.Context, r *kafka.Reader) {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return
	}
	b.msgs = append(b.msgs[:0], m)
}

// commitThenRefillByMethod commits the batch, refills it through a method
// and saves what it now holds: other messages (review 30-3).
func commitThenRefillByMethod(ctx context.Context, r *kafka.Reader, l ledger, b *batch) error {
	if err := r.CommitMessages(ctx, b.msgs...); err != nil {
		return err
	}
	b.refill(ctx, r)
	for _, m := range b.msgs {
		var p payment
		if err := json.Unmarshal(m.Value, &p); err != nil {
			continue
		}
		if err := l.Record(ctx, p); err != nil {
			return err
		}
	}
	return nil
}
