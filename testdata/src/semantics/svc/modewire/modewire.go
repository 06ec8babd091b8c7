// Package modewire wires modeloop's relays.
package modewire

import (
	"context"
	"os"

	"semantics/svc/modeloop"
	"semantics/svc/modesink"
)

// Run starts them.
func Run(ctx context.Context) {
	go modeloop.NewPicked(modesink.New(os.Getenv("SINK_MODE"), "/tmp")).Run(ctx)
	_ = modeloop.NewStrict(modesink.New("strict", "/tmp")).Run(ctx)
}
