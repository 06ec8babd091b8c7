// Package rvkwire builds both clients with the revoke callback and runs
// their loops.
package rvkwire

import (
	"context"

	"semantics/svc/rvkblock"
	"semantics/svc/rvkloop"
	"semantics/svc/rvkopts"
)

// Run starts both.
func Run(ctx context.Context) error {
	orders, err := rvkopts.NewClient(append(rvkopts.Options("g-rvk-orders", "orders"), rvkopts.CommitOnRevoke()...)...)
	if err != nil {
		return err
	}
	defer orders.Close()
	payments, err := rvkblock.NewClient(append(rvkblock.Options("g-rvk-payments", "payments"), rvkblock.CommitOnRevoke()...)...)
	if err != nil {
		return err
	}
	defer payments.Close()
	go func() { _ = rvkloop.RunBlocked(ctx, payments) }()
	return rvkloop.Run(ctx, orders)
}
