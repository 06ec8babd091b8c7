// Package revprog keeps the records a service processed and commits them
// on the client it is given (audit 31c/9).
package revprog

import (
	"context"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Progress holds the processed records.
type Progress struct {
	mu   sync.Mutex
	done []*kgo.Record
}

// Done keeps r.
func (p *Progress) Done(r *kgo.Record) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = append(p.done, r)
}

// Commit commits the processed records on cl.
func (p *Progress) Commit(ctx context.Context, cl *kgo.Client) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	err := cl.CommitRecords(ctx, p.done...)
	p.done = nil
	return err
}
