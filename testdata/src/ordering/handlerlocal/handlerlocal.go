// Package handlerlocal holds a loop committing each message when its
// handler returns, where every handler the package passes only queues
// the message for a pool of workers (usr3's kafkagocallbackqueue,
// base-server's webhook consumer).
package handlerlocal

import (
	"context"
	"database/sql"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

var db *sql.DB

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO hooks (body) VALUES ($1)", b)
	return err
}

// consume commits each message after the handler returns nil.
func consume(ctx context.Context, r *kafkago.Reader, handler func(context.Context, []byte) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handler(ctx, m.Value); err != nil {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is handed to handler, which every function passed for it in this package only queues for later work, with no wait for its processing: a crash before the message is processed loses it \(at-most-once\)$`
			log.Printf("commit: %v", err)
		}
	}
}

// consumeBoth is consume's twin, given both kinds of handler.
func consumeBoth(ctx context.Context, r *kafkago.Reader, handler func(context.Context, []byte) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handler(ctx, m.Value); err != nil {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: some handler saves in place
			log.Printf("commit: %v", err)
		}
	}
}

// Hooks queues each webhook body for a pool of workers.
func Hooks(ctx context.Context, r *kafkago.Reader) error {
	bodies := make(chan []byte, 100)
	for i := 0; i < 4; i++ {
		go func() {
			for b := range bodies {
				_ = save(context.Background(), b)
			}
		}()
	}
	return consume(ctx, r, func(_ context.Context, b []byte) error {
		bodies <- b
		return nil
	})
}

// Both passes a queueing and a saving handler to consumeBoth.
func Both(ctx context.Context, r *kafkago.Reader, bodies chan []byte) error {
	if err := consumeBoth(ctx, r, func(_ context.Context, b []byte) error {
		bodies <- b
		return nil
	}); err != nil {
		return err
	}
	return consumeBoth(ctx, r, save)
}

// consumeGo commits each message after the handler returns nil.
func consumeGo(ctx context.Context, r *kafkago.Reader, handler func(context.Context, []byte) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handler(ctx, m.Value); err != nil {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is handed to handler, which every function passed for it in this package only queues for later work`
			log.Printf("commit: %v", err)
		}
	}
}

// Audit saves each body in a goroutine of its own.
func Audit(ctx context.Context, r *kafkago.Reader) error {
	return consumeGo(ctx, r, func(ctx context.Context, b []byte) error {
		go save(ctx, b)
		return nil
	})
}

// consumeSync is consumeGo's twin: its one handler saves in place.
func consumeSync(ctx context.Context, r *kafkago.Reader, handler func(context.Context, []byte) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handler(ctx, m.Value); err != nil {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: the handler saves before it returns
			log.Printf("commit: %v", err)
		}
	}
}

// AuditSync saves each body before the handler returns.
func AuditSync(ctx context.Context, r *kafkago.Reader) error {
	return consumeSync(ctx, r, func(ctx context.Context, b []byte) error {
		return save(ctx, b)
	})
}
