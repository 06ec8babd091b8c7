// Package regwire registers the handlers by topic.
package regwire

import (
	"context"

	"semantics/svc/reghandlers"
	"semantics/svc/regloop"
)

// Run starts both services.
func Run(ctx context.Context) {
	go regloop.New(map[string]regloop.HandlerFunc{"orders": (&reghandlers.Orders{Dir: "/tmp"}).Handle}).Run(ctx)
	bus := regloop.NewBus()
	bus.Register("events", (&reghandlers.Orders{Dir: "/tmp"}).Handle)
	go func() { _ = bus.Run(ctx) }()
	go regloop.NewTyped(map[string]regloop.Handler{"orders": &reghandlers.Orders{Dir: "/tmp"}}).Run(ctx)
	go regloop.NewTypedPayments(map[string]regloop.Handler{"payments": &reghandlers.Payments{Dir: "/tmp"}}).Run(ctx)
	_ = regloop.NewPayments(map[string]regloop.HandlerFunc{"payments": (&reghandlers.Payments{Dir: "/tmp"}).Handle}).Run(ctx)
}
