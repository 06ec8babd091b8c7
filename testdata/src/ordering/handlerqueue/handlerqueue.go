// Package handlerqueue passes handlers to ordering/handlerwrap's
// ConsumeEvents, which commits each message when its handler returns
// (base-server's email consumer).
package handlerqueue

import (
	"context"
	"database/sql"

	"ordering/handlerwrap"
)

var db *sql.DB

func send(ctx context.Context, ev handlerwrap.Event) error {
	_, err := db.ExecContext(ctx, "INSERT INTO outbox (id) VALUES ($1)", ev.ID)
	return err
}

// Start queues each event for a pool of senders, giving up when ctx
// ends: ConsumeEvents commits the message before it is sent.
func Start(ctx context.Context, c *handlerwrap.Consumer) error {
	events := make(chan handlerwrap.Event, 100)
	for i := 0; i < 4; i++ {
		go func() {
			for ev := range events {
				_ = send(context.Background(), ev)
			}
		}()
	}
	return c.ConsumeEvents(ctx, func(msgCtx context.Context, ev handlerwrap.Event) error { // want `call to ConsumeEvents with a handler that only queues the message: ConsumeEvents writes its position \(CommitMessages\) as soon as the handler returns, with no wait for its processing, so a crash before the message is processed loses it \(at-most-once\)$`
		select {
		case events <- ev:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
}

// StartInPlace sends each event before the handler returns.
func StartInPlace(ctx context.Context, c *handlerwrap.Consumer) error {
	return c.ConsumeEvents(ctx, func(ctx context.Context, ev handlerwrap.Event) error { // ok: sent in place
		return send(ctx, ev)
	})
}
