// Package markwire runs markhandler's handlers on markcfg's groups, with
// auto-commit off (audit 35c/D3: the marks-only handler of a third
// package drew no finding, and nothing was ever committed).
package markwire

import (
	"context"

	"autocommit/markcfg"
	"autocommit/markhandler"
)

func orders(ctx context.Context) error {
	g, err := markcfg.NewGroup("orders")
	if err != nil {
		return err
	}
	defer g.Close()
	return g.Consume(ctx, []string{"orders"}, markhandler.Marking{}) // want `ConsumeClaim receives the sarama consumer passed here \(auto-commit off\), and with it, in package autocommit/markhandler \(markhandler.go:\d+\): auto-commit is off and the handler never calls Commit`
}

func payments(ctx context.Context) error {
	g, err := markcfg.NewGroup("payments")
	if err != nil {
		return err
	}
	defer g.Close()
	return g.Consume(ctx, []string{"payments"}, markhandler.Committing{})
}
