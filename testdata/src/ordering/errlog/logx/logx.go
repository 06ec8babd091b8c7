// Package logx is a service's own logging helper.
package logx

import "log/slog"

// Err returns a log attribute for an error.
func Err(err error) slog.Attr { return slog.String("error", err.Error()) }
