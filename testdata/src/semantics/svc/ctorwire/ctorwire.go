// Package ctorwire passes ctorsave's savers to ctorloop.
package ctorwire

import (
	"context"

	"semantics/svc/ctorloop"
	"semantics/svc/ctorsave"
)

// Run runs both consumers.
func Run(ctx context.Context) error {
	go ctorloop.NewEvents(ctorsave.NewQueued()).Run(ctx)
	return ctorloop.NewOrders(ctorsave.NewFile("/tmp/o")).Run(ctx)
}
