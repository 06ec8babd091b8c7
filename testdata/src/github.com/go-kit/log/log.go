// Package log is a stub of github.com/go-kit/log: a logger whose Log
// returns an error.
package log

// Logger is go-kit's logger.
type Logger interface {
	Log(keyvals ...interface{}) error
}
