// Package effects holds handler implementations with no Kafka code: the
// consumers of package diwire are given them through an interface.
package effects

import (
	"errors"
	"os"
)

// File writes each value before it returns.
type File struct{ Path string }

// Handle writes v.
func (f *File) Handle(v []byte) error {
	if len(v) == 0 {
		return errors.New("empty")
	}
	return f.write(v)
}

func (f *File) write(v []byte) error { return os.WriteFile(f.Path, v, 0o644) }

// Queue hands each value to a worker and returns.
type Queue struct{ ch chan []byte }

// Handle queues v.
func (q *Queue) Handle(v []byte) error {
	q.ch <- v
	return nil
}

// Saver is where Repo writes.
type Saver interface{ Save(v []byte) error }

// Repo writes through an interface whose implementations are not known
// here.
type Repo struct{ S Saver }

// Handle saves v.
func (r *Repo) Handle(v []byte) error { return r.S.Save(v) }
