// Package dispwire registers the handlers and starts the consumers.
package dispwire

import (
	"context"

	"semantics/svc/disphandlers"
	"semantics/svc/disploop"
	"semantics/svc/dispreg"
)

// Run starts both consumers: the audit one dispatches through a registry
// holding a handler that drops its failures, the ledger one routes
// through a table whose one handler returns them.
func Run(ctx context.Context) {
	reg := dispreg.New()
	reg.Register("audit", &disphandlers.Audit{Dir: "/tmp"})
	reg.Register("ledger", &disphandlers.Ledger{Dir: "/tmp"})
	go func() { _ = disploop.NewAudit(reg).Run(ctx) }()
	table := dispreg.NewTable()
	table.Subscribe("ledger", &disphandlers.Ledger{Dir: "/tmp"})
	_ = disploop.NewLedger(table).Run(ctx)
}
