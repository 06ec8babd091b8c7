// Package decodeidx queues each edit for a bulk writer.
package decodeidx

import (
	"context"

	"semantics/svc/decodeloop"
)

type Indexer struct{ buffer chan *decodeloop.Edit }

func NewIndexer() *Indexer { return &Indexer{buffer: make(chan *decodeloop.Edit, 500)} }

// ProcessEdit queues e and returns.
func (i *Indexer) ProcessEdit(ctx context.Context, e *decodeloop.Edit) error {
	select {
	case i.buffer <- e:
	case <-ctx.Done():
		return ctx.Err()
	}
	return nil
}
