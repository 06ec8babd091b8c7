// Package applogger holds ordering cases where the service logs through
// a logger of its own (a struct named Logger whose methods take a
// context, a message and an error, not ...any) with a context carrying
// fields of the message: those log lines are not processing the message,
// and neither is what runs only when the commit itself failed.
package applogger

import (
	"context"
	"encoding/json"
	"fmt"

	kafkago "github.com/segmentio/kafka-go"

	"ordering/applogger/obs"
)

// Event is what the topic carries.
type Event struct {
	ID   string `json:"id"`
	Type string `json:"type"`
}

// Auditor commits each message, then writes it to the audit trail: an
// AuditLog's Log takes an entry, not a line of text, and is the effect.
type Auditor struct {
	reader *kafkago.Reader
	audit  *obs.AuditLog
	logger *obs.Logger
}

// alerter pages someone when the consumer misbehaves.
type alerter interface {
	Notify(ctx context.Context, what string, err error)
}

// Consumer reads events and hands each to a handler.
type Consumer struct {
	reader *kafkago.Reader
	logger *obs.Logger
	alerts alerter
}

// eventContext returns ctx carrying the event's fields for the log lines.
func eventContext(ctx context.Context, m kafkago.Message, ev Event) context.Context {
	return obs.WithFields(ctx,
		obs.Field{Key: "event_type", Value: ev.Type},
		obs.Field{Key: "partition", Value: m.Partition},
		obs.Field{Key: "offset", Value: m.Offset},
	)
}

// ConsumeEvents commits each message after its handler succeeds, then
// logs the success under the message's context.
func (c *Consumer) ConsumeEvents(ctx context.Context, handler func(context.Context, Event) error) error { // want ConsumeEvents:`commitsAfterHandler\(1, \[0 1\], CommitMessages\)`
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev Event
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			c.logger.Error(ctx, "failed to unmarshal event", err)
			continue
		}
		msgCtx := eventContext(ctx, m, ev)
		c.logger.Info(msgCtx, fmt.Sprintf("processing event %s", ev.Type))
		if err := handler(msgCtx, ev); err != nil {
			c.logger.Error(msgCtx, "failed to process event", err)
			continue
		}
		err = c.reader.CommitMessages(msgCtx, m) // ok: only logged after the commit
		if err != nil {
			c.logger.Error(msgCtx, "failed to commit message", err)
			c.alerts.Notify(msgCtx, "commit failed", err)
		}
		c.logger.Info(msgCtx, fmt.Sprintf("successfully processed event %s", ev.Type))
	}
}

// ConsumeEventsEarly commits each message before its handler runs.
func (c *Consumer) ConsumeEventsEarly(ctx context.Context, handler func(context.Context, Event) error) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev Event
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			c.logger.Error(ctx, "failed to unmarshal event", err)
			continue
		}
		msgCtx := eventContext(ctx, m, ev)
		err = c.reader.CommitMessages(msgCtx, m) // want `call to CommitMessages before the message is processed`
		if err != nil {
			c.logger.InfoWithError(msgCtx, "failed to commit message", err)
			c.alerts.Notify(msgCtx, "commit failed", err)
		}
		c.logger.Info(msgCtx, fmt.Sprintf("processing event %s", ev.Type))
		if err := handler(msgCtx, ev); err != nil {
			c.logger.Error(msgCtx, "failed to process event", err)
		}
	}
}

// Run commits each message before its audit entry is written.
func (a *Auditor) Run(ctx context.Context) error {
	for {
		m, err := a.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := a.reader.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			a.logger.Error(ctx, "failed to commit message", err)
		}
		if err := a.audit.Log(ctx, obs.Entry{EventID: string(m.Key), Offset: m.Offset}); err != nil {
			a.logger.Error(ctx, "failed to audit event", err)
		}
	}
}

// RunAfter is Run's twin: the entry is written, then the message committed.
func (a *Auditor) RunAfter(ctx context.Context) error {
	for {
		m, err := a.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := a.audit.Log(ctx, obs.Entry{EventID: string(m.Key), Offset: m.Offset}); err != nil {
			a.logger.Error(ctx, "failed to audit event", err)
			continue
		}
		if err := a.reader.CommitMessages(ctx, m); err != nil { // ok: audited first
			a.logger.Error(ctx, "failed to commit message", err)
		}
	}
}
