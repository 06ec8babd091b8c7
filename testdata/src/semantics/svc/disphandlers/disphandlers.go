// Package disphandlers holds the handlers dispwire registers.
package disphandlers

import (
	"context"
	"log"
	"os"
)

// Audit writes an audit line, and only logs a failed write.
type Audit struct{ Dir string }

// Handle writes the line; a failure is logged and dropped.
func (a *Audit) Handle(ctx context.Context, key, value []byte) error {
	if err := os.WriteFile(a.Dir+"/"+string(key), value, 0o644); err != nil {
		log.Printf("audit %s: %v", key, err)
		return nil
	}
	return nil
}

// Ledger writes a ledger entry and returns its failure.
type Ledger struct{ Dir string }

// Handle writes the entry.
func (l *Ledger) Handle(ctx context.Context, key, value []byte) error {
	return os.WriteFile(l.Dir+"/"+string(key), value, 0o644)
}
