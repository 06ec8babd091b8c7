// Package decwire wires the decorated handlers.
package decwire

import (
	"context"

	"semantics/svc/decloop"
	"semantics/svc/decmw"
)

// Run starts both services.
func Run(ctx context.Context) {
	go decloop.NewOrders(decmw.Metrics(decmw.Async(decmw.File{Dir: "/tmp"}))).Run(ctx)
	_ = decloop.NewPayments(decmw.Logged(decmw.File{Dir: "/tmp"})).Run(ctx)
}
