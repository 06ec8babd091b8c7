// Package robust holds unusual shapes: interface-held clients, method
// values, generics, recursion and function values. The analyzer must not
// panic; it reports only the method value, which the model resolves.
package robust

import (
	"context"
	"encoding/json"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

type sink interface {
	Put(ctx context.Context, v []byte) error
}

// committer hides the client behind an interface of the application.
type committer interface {
	CommitRecords(ctx context.Context, rs ...*kgo.Record) error
}

func viaInterface(ctx context.Context, c committer, cl *kgo.Client, s sink) error {
	for {
		fetches := cl.PollFetches(ctx)
		rs := fetches.Records()
		if err := c.CommitRecords(ctx, rs...); err != nil { // ok: not a modelled call (interface of the application)
			return err
		}
		for _, r := range rs {
			if err := s.Put(ctx, r.Value); err != nil {
				return err
			}
		}
	}
}

// methodValue marks through a bound method value.
func methodValue(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, s sink) error {
	mark := sess.MarkMessage
	for msg := range claim.Messages() {
		mark(msg, "") // want `call to MarkMessage before the message is processed`
		if err := s.Put(sess.Context(), msg.Value); err != nil {
			return err
		}
	}
	return nil
}

// printer is an application interface whose Print is the effect: it
// prints a shipping label.
type printer interface {
	Print(ctx context.Context, label []byte) error
}

// logger is an application's logger.
type logger interface {
	Printf(format string, args ...any)
}

// markThenPrint marks each message before its label is printed.
func markThenPrint(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, p printer) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
		if err := p.Print(sess.Context(), msg.Value); err != nil {
			return err
		}
	}
	return nil
}

// printThenMark is markThenPrint's twin.
func printThenMark(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, p printer) error {
	for msg := range claim.Messages() {
		if err := p.Print(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: printed first
	}
	return nil
}

// markThenLog marks each message and logs it: a Printf taking ...any is
// logging, not processing.
func markThenLog(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, l logger) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // ok: only logged
		l.Printf("skipped %s", msg.Key)
	}
	return nil
}

// generic processes with a type parameter.
func generic[T any](ctx context.Context, r *kafka.Reader, decode func([]byte) (T, error), apply func(T) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		v, err := decode(m.Value)
		if err != nil {
			return err
		}
		if err := apply(v); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: after processing
			return err
		}
	}
}

func useGeneric(ctx context.Context, r *kafka.Reader) error {
	return generic(ctx, r, func(b []byte) (map[string]any, error) {
		var v map[string]any
		return v, json.Unmarshal(b, &v)
	}, func(map[string]any) error { return nil })
}

// recursive processing: the summary of a cycle must terminate.
func walk(ctx context.Context, s sink, r *kgo.Record, depth int) error {
	if depth > 3 {
		return s.Put(ctx, r.Value)
	}
	return walk(ctx, s, r, depth+1)
}

func recursive(ctx context.Context, cl *kgo.Client, s sink) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := walk(ctx, s, r, 0); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil { // ok: after processing
				return err
			}
		}
	}
}

// dynamic calls a function value with the record after the commit: an
// unknown callee counts as processing, but a commit in a function literal
// that is never called directly is not a position of this function.
func dynamic(ctx context.Context, cl *kgo.Client, handlers []func(*kgo.Record) error) error {
	commit := func(r *kgo.Record) error { return cl.CommitRecords(ctx, r) }
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			for _, h := range handlers {
				if err := h(r); err != nil {
					return err
				}
			}
			if err := commit(r); err != nil { // ok: after processing
				return err
			}
		}
	}
}
