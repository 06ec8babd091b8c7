// Package applog is an application's leveled logger and its slog fields.
package applog

import (
	"log"
	"log/slog"
)

// Debugf logs at debug level.
func Debugf(format string, args ...any) { log.Printf("DEBUG "+format, args...) }

// Warnf logs at warning level.
func Warnf(format string, args ...any) { log.Printf("WARN "+format, args...) }

// Record is a log line's field holding a rendered record.
func Record(b []byte) slog.Attr { return slog.String("record", string(b)) }
