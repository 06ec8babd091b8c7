// Package obs is a service's own observability package: a logger over
// a structured logging library, and fields carried in a context.
package obs

import "context"

// Field is a key and value a log line carries.
type Field struct {
	Key   string
	Value any
}

// Logger writes the service's log lines.
type Logger struct{}

// Info logs msg with the fields of ctx.
func (l *Logger) Info(ctx context.Context, msg string) {}

// Error logs msg and err with the fields of ctx.
func (l *Logger) Error(ctx context.Context, msg string, err error) {}

// InfoWithError logs msg and err at info level.
func (l *Logger) InfoWithError(ctx context.Context, msg string, err error) {}

// WithFields returns ctx carrying fields for the log lines made with it.
func WithFields(ctx context.Context, fields ...Field) context.Context { return ctx }

// AuditLog keeps an audit trail of the events handled, in a table.
type AuditLog struct{}

// Entry is one line of the audit trail.
type Entry struct {
	EventID string
	Offset  int64
}

// Log writes e to the audit table.
func (a *AuditLog) Log(ctx context.Context, e Entry) error { return nil }
