// Package ledger is a store of the same module as handsoff/core, whose
// path, like a local module's, has no dot: its functions are judged by
// their facts, not as the standard library's.
package ledger

import (
	"os"
	"sync"
)

// Ledger appends ids to a file under a lock.
type Ledger struct {
	mu sync.Mutex
	f  *os.File
}

// Save writes id before it returns; the lock keeps nothing for later.
func (l *Ledger) Save(id string) error { // want Save:`sync`
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err := l.f.WriteString(id + "\n")
	return err
}

// Later saves id in a goroutine: not done when it returns.
func (l *Ledger) Later(id string) { // want Later:`handsOff\[0\]` Later:`later`
	go func() { _ = l.Save(id) }()
}
