package cases

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// boolRunner tries a handler answering whether the message may be
// committed.
type boolRunner struct {
	c      *kafka.Consumer
	handle func(ctx context.Context, m *kafka.Message) bool
}

// tryThrice gives up after three attempts and returns as from a success
// (trial 42c/D3: at-least-once, 6 of 300 lost without a crash).
func (r *boolRunner) tryThrice(ctx context.Context, m *kafka.Message) {
	for attempt := 1; attempt <= 3; attempt++ {
		select {
		case <-ctx.Done():
			return
		default:
			if r.handle(ctx, m) {
				return
			}
			log.Printf("attempt %d failed", attempt)
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// untilRunner is its twin: it tries until the handler succeeds.
type untilRunner struct {
	c      *kafka.Consumer
	handle func(ctx context.Context, m *kafka.Message) bool
}

func (r *untilRunner) tryUntil(ctx context.Context, m *kafka.Message) {
	for {
		if r.handle(ctx, m) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (r *boolRunner) runThrice(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := r.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		r.tryThrice(ctx, m)
		if _, err := r.c.CommitMessage(m); err != nil {
			log.Print(err)
		}
	}
}

func (r *untilRunner) runUntil(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := r.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		r.tryUntil(ctx, m)
		if _, err := r.c.CommitMessage(m); err != nil {
			log.Print(err)
		}
	}
}

func runBoolRetries(ctx context.Context, h func(context.Context, *kafka.Message) bool) {
	a, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-retry-bool", "enable.auto.commit": false})       // case: retrybool
	b, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-retry-bool-until", "enable.auto.commit": false}) // case: retrybooluntil
	go (&boolRunner{c: a, handle: h}).runThrice(ctx)
	(&untilRunner{c: b, handle: h}).runUntil(ctx)
}

var _ = runBoolRetries

// breakRunner breaks out of its attempts on a success and falls off the
// end after the last one (review 42-2/D1: said at-least-once).
type breakRunner struct {
	c      *kafka.Consumer
	handle func(ctx context.Context, m *kafka.Message) bool
}

func (r *breakRunner) try(ctx context.Context, m *kafka.Message) {
	for attempt := 1; attempt <= 3; attempt++ {
		if r.handle(ctx, m) {
			break
		}
		log.Printf("attempt %d failed", attempt)
	}
}

func (r *breakRunner) run(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := r.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		r.try(ctx, m)
		if _, err := r.c.CommitMessage(m); err != nil {
			log.Print(err)
		}
	}
}

func runBreakRetry(ctx context.Context, h func(context.Context, *kafka.Message) bool) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-retry-break", "enable.auto.commit": false}) // case: retrybreak
	(&breakRunner{c: c, handle: h}).run(ctx)
}

var _ = runBreakRetry
