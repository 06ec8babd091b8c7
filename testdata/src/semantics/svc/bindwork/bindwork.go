// Package bindwork holds the record submitters package bindloop is wired
// with: a pool that queues each record for its workers, and a writer done
// when it returns.
package bindwork

import (
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Pool queues records for its workers.
type Pool struct{ jobs chan *kgo.Record }

// NewPool starts n workers.
func NewPool(n int) *Pool {
	p := &Pool{jobs: make(chan *kgo.Record, 1024)}
	for range n {
		go func() {
			for r := range p.jobs {
				_ = os.WriteFile("last", r.Value, 0o644)
			}
		}()
	}
	return p
}

// Submit queues r and returns.
func (p *Pool) Submit(r *kgo.Record) { p.jobs <- r }

// File writes each record before it returns.
type File struct{ Path string }

// Submit writes r.
func (f *File) Submit(r *kgo.Record) { _ = os.WriteFile(f.Path, r.Value, 0o644) }
