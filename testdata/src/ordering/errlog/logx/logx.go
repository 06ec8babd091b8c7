// Package logx is a service's own logging helper.
package logx

import (
	"context"
	"errors"
	"log/slog"
)

// Err returns a log attribute for an error.
func Err(err error) slog.Attr { return slog.String("error", err.Error()) }

// Code names an error's kind for a failure counter.
func Code(err error) string {
	if errors.Is(err, context.Canceled) {
		return "canceled"
	}
	return "other"
}
