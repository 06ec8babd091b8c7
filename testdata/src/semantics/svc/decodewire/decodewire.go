// Package decodewire wires the indexer into the loop.
package decodewire

import (
	"context"

	"semantics/svc/decodeidx"
	"semantics/svc/decodeloop"
)

func Run(ctx context.Context) error {
	return decodeloop.New("indexer", decodeidx.NewIndexer()).Run(ctx)
}
