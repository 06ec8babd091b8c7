// Package hfwire wires the handlers to the services.
package hfwire

import (
	"context"

	"semantics/svc/hfloop"
	"semantics/svc/hforders"
)

// Run starts both services.
func Run(ctx context.Context) {
	go hfloop.NewService(&hfloop.Consumer{Handler: hforders.Orders{}.Handle}).Run(ctx)
	hfloop.NewStrict(hforders.Payments{}.Handle).Run(ctx)
}
