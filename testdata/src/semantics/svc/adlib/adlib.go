// Package adlib adapts *kgo.Client to the loops' interfaces.
package adlib

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Adapter forwards to the client.
type Adapter struct {
	Client *kgo.Client
}

// PollFetches forwards to the client.
func (a *Adapter) PollFetches(ctx context.Context) kgo.Fetches {
	return a.Client.PollFetches(ctx)
}
