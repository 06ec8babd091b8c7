// Package fnstreamwire passes fnproj's handlers to fnstream.
package fnstreamwire

import (
	"context"

	"semantics/svc/fnproj"
	"semantics/svc/fnstream"
)

// Run runs both consumers.
func Run(ctx context.Context) error {
	go fnstream.New(fnproj.Decode, (&fnproj.Projector{Dir: "/tmp"}).Handle).Run(ctx)
	return fnstream.NewPayments(fnproj.Decode, (&fnproj.Ledger{Dir: "/tmp"}).Handle).Run(ctx)
}
