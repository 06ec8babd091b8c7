// Package ctorsave builds savers behind an interface it returns, with no
// Kafka client in sight (audit 41b/D8: the row said the implementations
// were not all known).
package ctorsave

import "os"

// Saver saves a value.
type Saver interface {
	Save(v []byte) error
}

type fileSaver struct{ path string }

func (s *fileSaver) Save(v []byte) error { return os.WriteFile(s.path, v, 0o644) }

// NewFile returns a saver done with a value when Save returns.
func NewFile(path string) Saver { return &fileSaver{path: path} }

type queued struct{ ch chan []byte }

func (q *queued) Save(v []byte) error {
	q.ch <- v
	return nil
}

// NewQueued returns a saver that queues the value for a worker.
func NewQueued() Saver {
	q := &queued{ch: make(chan []byte, 8)}
	go func() {
		for v := range q.ch {
			_ = os.WriteFile("/tmp/q", v, 0o644)
		}
	}()
	return q
}
